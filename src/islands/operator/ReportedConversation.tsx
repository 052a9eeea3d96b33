/**
 * A reported conversation in the operator's queue (issue 44): opened on request (the read is audited), the reported
 * messages and 5 on each side of each, as written, with their images and the scam rules they broke; each message can
 * be removed by moderation with a reason. Dismissing the report and suspending the reported account are the group's.
 */
import { useState } from 'react';
import { Person } from './Person.tsx';
import { malaysiaTime } from '../../shared/malaysia-time.ts';
import * as calls from '../../client/operator-calls.ts';
import { errorBody } from '../../client/api.ts';
import { ReasonButton } from './ReasonForm.tsx';
import { secondary } from './reauth.tsx';

export function ReportedConversation({ id, busy, run }: { id: number; busy: boolean; run: (action: () => Promise<{ message?: string }>) => Promise<void> }) {
  const [conversation, setConversation] = useState<calls.ReportedConversation | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = () => calls.reportedConversation(id).then(({ data }) => setConversation(data), (error: unknown) => setFailed(errorBody(error).message ?? 'That did not work.'));
  if (!conversation) {
    return (
      <p className="mt-2 text-sm">
        <button type="button" className={secondary} onClick={() => void load()}>Read the reported messages</button> (the read is audited)
        {failed && <span className="ml-2 text-red-700" role="alert">{failed}</span>}
      </p>
    );
  }
  const who = (message: calls.ReportedConversation['messages'][number]) => (
    <>{message.side === 'owner' ? 'Owner' : 'Person'}{message.user_id ? <> (<Person id={message.user_id} name={message.user_name} />)</> : ''}</>
  );
  return (
    <ol className="mt-2 space-y-2 text-sm" data-testid="reported-conversation" aria-label={`Messages of conversation ${id}`}>
      {conversation.messages.map((message) => (
        <li key={message.id} className={`rounded border p-2 ${message.reported ? 'border-red-700 bg-red-50' : 'border-gray-200'}`} data-reported={message.reported ? 'true' : undefined}>
          <p className="text-xs text-gray-700">
            {who(message)} · {malaysiaTime(message.created_at)} Malaysia time{message.reported && <strong> · reported</strong>}
            {message.rules.length > 0 && <> · flagged: {message.rules.join(', ')}</>}
          </p>
          <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{message.erased ? '(deleted with its account)' : message.text || `(${message.kind})`}</p>
          {message.images.length > 0 && (
            <p className="mt-1 flex flex-wrap gap-2">
              {message.images.map((image, index) => <a key={image.id} href={image.full} target="_blank" rel="noopener"><img src={image.thumbnail} alt={`Image ${index + 1} of message ${message.id}`} className="h-16 w-20 rounded object-cover" /></a>)}
            </p>
          )}
          <div className="mt-1">
            {message.moderated ? <em>Removed by moderation</em> : (
              <ReasonButton label="Remove message" busy={busy} onReason={(reason) => void run(async () => {
                const answer = await calls.hideConversationMessage(id, message.id, reason);
                setConversation({ ...conversation, messages: conversation.messages.map((row) => (row.id === message.id ? { ...row, moderated: true } : row)) });
                return answer;
              })} />
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
