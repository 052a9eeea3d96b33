/**
 * What publishing or renewing costs, asked before it is done (issue 39): the quote's words, with SST on its own line
 * when it costs ringgit, and Confirm or Cancel. Nothing is charged or invoiced until Confirm.
 */
import type { PublishQuote } from '../../shared/listing-states.ts';
import { primary, ringgitText, secondary } from './gate.tsx';
import * as m from '../../paraglide/messages.js';

export function CostConfirm({ quote, busy, onConfirm, onCancel }: { quote: PublishQuote; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const publish = quote.action === 'publish';
  const total = ringgitText(quote.total_sen);
  const confirmText = quote.cost === 'ringgit' ? (publish ? m.adv_confirm_publish_for({ amount: total }) : m.adv_confirm_renew_for({ amount: total }))
    : quote.cost === 'token' ? (publish ? m.adv_confirm_publish_token() : m.adv_confirm_renew_token())
      : publish ? m.adv_confirm_publish() : m.adv_confirm_renew();
  return (
    <div className="mt-2 rounded border border-amber-500 bg-amber-50 p-3" role="group" aria-label={publish ? m.adv_confirm_publish_label() : m.adv_confirm_renew_label()} data-testid="publish-quote">
      <p>{quote.message}</p>
      {quote.cost === 'ringgit' && (
        <dl className="mt-2 grid max-w-xs grid-cols-2 gap-x-3 text-sm" data-testid="quote-lines">
          <dt>{m.adv_price()}</dt><dd className="text-right">{ringgitText(quote.amount_sen)}</dd>
          <dt>{m.adv_sst_rate({ rate: quote.sst_rate })}</dt><dd className="text-right">{ringgitText(quote.sst_sen)}</dd>
          <dt className="font-semibold">{m.adv_total()}</dt><dd className="text-right font-semibold">{total}</dd>
        </dl>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={primary} disabled={busy} onClick={onConfirm}>
          {confirmText}
        </button>
        <button type="button" className={secondary} disabled={busy} onClick={onCancel}>{m.dialog_cancel()}</button>
      </div>
    </div>
  );
}
