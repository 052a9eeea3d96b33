/**
 * Words the product wrote in English, in another language (issue 42): a text is translated when the message catalogue
 * (messages/*.json) holds it word for word in English under a key with the given prefix ('api_' for the API's
 * answers, 'fact_' for a mail's labelled facts, 'option_' for the search page's filter options); any other text stays
 * as it is. It imports the whole catalogue: for the server and server-rendered components, never an island.
 */
import * as m from '../paraglide/messages.js';
import type { Locale } from './locale.ts';

type Message = (inputs: object, options: { locale: Locale }) => string;

const catalogues = new Map<string, Map<string, Message>>();

/** The catalogue's messages of a prefix by their English text. */
function messagesByText(prefix: string): Map<string, Message> {
  let catalogue = catalogues.get(prefix);
  if (!catalogue) {
    catalogue = new Map(Object.entries(m).filter(([key]) => key.startsWith(prefix))
      .map(([, message]) => [(message as Message)({}, { locale: 'en' }), message as Message]));
    catalogues.set(prefix, catalogue);
  }
  return catalogue;
}

/** `text` in `locale`, or as it is when the catalogue has no message of the prefix with that English text. */
export function translateText(prefix: string, text: string, locale: Locale): string {
  if (locale === 'en') return text;
  return messagesByText(prefix).get(text)?.({}, { locale }) ?? text;
}
