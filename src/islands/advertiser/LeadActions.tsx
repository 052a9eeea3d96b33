/**
 * A lead's one-tap answers (issue 40): WhatsApp (wa.me with a greeting naming the listing), Call, E-mail (with the
 * subject) and a reply in the thread, the enquirer's chosen contact method first; each tap is counted in insights.
 * Archive files the lead away.
 */
import * as calls from '../../client/advertiser-calls.ts';
import { leadActions, type Lead, type LeadAction } from '../../shared/leads.ts';
import { showToast } from '../../stores/toasts.ts';
import { reportFailure } from '../forms.tsx';
import * as m from '../../paraglide/messages.js';

const action = 'inline-flex min-h-11 items-center rounded border border-gray-500 px-3 py-1.5 text-sm font-semibold';
const first = 'inline-flex min-h-11 items-center rounded bg-ink px-3 py-1.5 text-sm font-semibold text-white';

export function LeadActions({ lead, replyHref, onChange, archive: canArchive = true }: {
  lead: Lead;
  replyHref: string;
  onChange: (lead: Lead) => void;
  /** False where the page has its own Archive (a conversation's). */
  archive?: boolean;
}) {
  const count = (taken: LeadAction) => {
    calls.countLeadAction(lead.id, taken).catch(() => undefined);
  };
  const archive = () => calls.setLeadStatus(lead.id, 'archived').then(({ data }) => {
    onChange(data);
    showToast(m.adv_archived(), 'success');
  }, (error: unknown) => reportFailure(error, () => undefined));
  return (
    <div className="flex flex-wrap gap-2" data-testid="lead-actions" aria-label={m.adv_answer_named({ name: lead.name })} role="group">
      {leadActions(lead).map((item, index) => (
        <a key={item.action} href={item.action === 'reply' ? replyHref : item.href} className={index === 0 ? first : action} data-action={item.action}
          {...(item.action === 'whatsapp' ? { target: '_blank', rel: 'noopener' } : {})} onClick={() => count(item.action)}>
          {item.label}
        </a>
      ))}
      {canArchive && lead.status !== 'archived' && <button type="button" className={action} onClick={() => void archive()}>{m.adv_archive()}</button>}
    </div>
  );
}
