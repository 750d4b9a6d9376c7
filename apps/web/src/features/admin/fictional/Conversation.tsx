import { TYPING_SEND_MS } from '@amora/contracts/realtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorText } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert, TextAreaField } from '../../../ui/fields.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { conversationKey, fetchConversation, sendReply, sendTyping } from './api.ts';
import { MemberFacts } from './MemberFacts.tsx';
import { when } from './parts.tsx';

/**
 * One conversation of a member with a fictional profile (refreshed every 15 s), and the answer
 * box: the same client id goes with a retry, so a doubled send posts once. Typing in the box shows
 * the member the fictional profile typing (at most every TYPING_SEND_MS), as a member's would.
 */
export function Conversation() {
  const { t, i18n } = useTranslation();
  const id = useParams().id!;
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const typedAt = useRef(0);
  const typed = () => {
    const now = Date.now();
    if (now - typedAt.current < TYPING_SEND_MS) return;
    typedAt.current = now;
    sendTyping(id).catch(() => {}); // only a hint: a lost one costs nothing
  };
  const conv = useQuery({
    queryKey: conversationKey(id),
    queryFn: ({ signal }) => fetchConversation(id, signal),
    refetchInterval: 15_000,
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      const next = await sendReply(id, { client_id: clientId, body: text.trim() });
      client.setQueryData(conversationKey(id), next);
      void client.invalidateQueries({ queryKey: ['admin', 'fictional', 'inbox'] });
      setText('');
      setAlert('');
      setClientId(crypto.randomUUID());
    } catch (err) {
      setAlert(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  if (conv.isError) return <QueryError query={conv} />;
  if (!conv.data) return <p>{t('admin.core.loading')}</p>;
  const { entry, member, messages } = conv.data;
  return (
    <section className="adm-sites" aria-labelledby="adm-conv-title">
      <div className="head-row head-row--center">
        <h1 id="adm-conv-title">
          {t('admin.fictional.pair', { member: entry.member.name, fictional: entry.fictional.name })}
        </h1>
        <Link to="/admin/fictional">{t('admin.fictional.backToInbox')}</Link>
      </div>
      <div className="adm-conv">
        {member ? <MemberFacts member={member} /> : null}
        <div className="adm-conv__chat">
          <ol className="adm-chat" aria-label={t('admin.fictional.messages')}>
            {messages.map((m) => (
              <li
                key={m.id}
                className={`adm-chat__msg${m.from_fictional ? ' adm-chat__msg--fictional' : ''}`}
              >
                <span className="adm-chat__meta">
                  {m.from_fictional
                    ? t('admin.fictional.byOperator', {
                        name: entry.fictional.name,
                        operator: m.operator_name ?? t('admin.fictional.noOperator'),
                      })
                    : entry.member.name}
                  {' · '}
                  <time dateTime={m.created_at}>{when(m.created_at, i18n.language)}</time>
                </span>
                {m.kind === 'text' ? m.body : t('admin.fictional.kind', { kind: m.gift ?? m.kind })}
              </li>
            ))}
          </ol>
          <form className="adm-sites__form" onSubmit={submit}>
            <FormAlert>{alert}</FormAlert>
            <TextAreaField
              label={t('admin.fictional.answerAs', { name: entry.fictional.name })}
              name="body"
              rows={3}
              maxLength={10000}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                if (e.target.value.trim()) typed();
              }}
            />
            <div className="adm-sites__actions">
              <Button type="submit" busy={busy} disabled={!text.trim()}>
                {t('admin.fictional.send')}
              </Button>
            </div>
          </form>
        </div>
      </div>
    </section>
  );
}
