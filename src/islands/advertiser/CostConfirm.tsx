/**
 * What publishing or renewing costs, asked before it is done (issue 39): the quote's words, with SST on its own line
 * when it costs ringgit, and Confirm or Cancel. Nothing is charged or invoiced until Confirm.
 */
import type { PublishQuote } from '../../shared/listing-states.ts';
import { primary, ringgitText, secondary } from './gate.tsx';

export function CostConfirm({ quote, busy, onConfirm, onCancel }: { quote: PublishQuote; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const verb = quote.action === 'publish' ? 'publish' : 'renew';
  return (
    <div className="mt-2 rounded border border-amber-500 bg-amber-50 p-3" role="group" aria-label={`Confirm to ${verb}`} data-testid="publish-quote">
      <p>{quote.message}</p>
      {quote.cost === 'ringgit' && (
        <dl className="mt-2 grid max-w-xs grid-cols-2 gap-x-3 text-sm" data-testid="quote-lines">
          <dt>Price</dt><dd className="text-right">{ringgitText(quote.amount_sen)}</dd>
          <dt>SST {quote.sst_rate}%</dt><dd className="text-right">{ringgitText(quote.sst_sen)}</dd>
          <dt className="font-semibold">Total</dt><dd className="text-right font-semibold">{ringgitText(quote.total_sen)}</dd>
        </dl>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={primary} disabled={busy} onClick={onConfirm}>
          {quote.cost === 'ringgit' ? `Confirm and ${verb} for ${ringgitText(quote.total_sen)}` : quote.cost === 'token' ? `Confirm and ${verb} with a token` : `Confirm and ${verb}`}
        </button>
        <button type="button" className={secondary} disabled={busy} onClick={onCancel}>Cancel</button>
      </div>
    </div>
  );
}
