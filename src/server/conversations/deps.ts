/**
 * What the conversations are given, and nothing more (issue 60), as the listings' ListingDeps: the repositories, the
 * clock, the outbox, the live streams' poke, the site's settings (its address, the enquiries inbox, the upload
 * limits), the unsubscribe key of their notices, and the media store for their private images. `conversations/`
 * imports no composition root and no AppContext.
 */
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Repositories } from '../db/repositories.ts';
import type { MediaStore } from '../media/store.ts';
import type { MediaUrls } from '../media/urls.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { DecodeQueue } from '../uploads/decode-queue.ts';
import type { ConversationLive } from './live.ts';

export interface ConversationDeps {
  repos: Repositories;
  clock: Clock;
  config: Config;
  outbox: Pick<Outbox, 'queueMail'>;
  live: Pick<ConversationLive, 'poke'>;
  secrets: { unsubscribe: string };
  media: MediaUrls;
  mediaStore: MediaStore;
  imageDecodes: DecodeQueue;
}
