import { messageCost } from '@amora/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';

const t = useTestApp();
const DE = 'de.localhost:3999';

/**
 * Issue 11 item 5: the price a member is shown is the price the server charges. The composer
 * works it out with contracts' messageCost from the settings and the member's country (both from
 * the API, as the browser has them), and shows the free messages the server says are left.
 */
describe('prices shown are prices charged', () => {
  it('charges a Swiss member of the German site the country minimum, as shown; the free messages count down to none', async () => {
    const me = await t.member({}, DE);
    const partner = await t.member({}, DE);
    // Kurvenglück charges 1 credit a message, but at least 2 in Switzerland (minimum_message_costs).
    await t.db.query(`UPDATE profiles SET country = 'CH' WHERE user_id = $1`, [me.id]);
    const settings = (await me.v.get('/api/settings.php')).json();
    const user = async () => (await me.v.get('/api/user.php')).json().user;
    const shown = messageCost(settings, (await user()).profile.country);
    expect(settings.message_credits).toBe(1);
    expect(shown).toBe(2);
    // The price list on /credits says the same.
    expect((await me.v.get('/api/pricing')).json().costs.message).toBe(shown);

    expect((await user()).free_messages_left).toBe(settings.free_messages);
    const send = (n: number) =>
      me.v.post(`/api/members/${partner.id}/messages`, {
        client_id: `price-check-${n}-${me.id.slice(0, 8)}`,
        kind: 'text',
        body: `message ${n}`,
      });
    for (let n = 1; n <= settings.free_messages; n++) {
      const res = (await send(n)).json();
      expect(res.message.cost).toBe(0);
      expect(res.free_messages_left).toBe(settings.free_messages - n);
      expect((await user()).free_messages_left).toBe(settings.free_messages - n);
    }
    // None left: the next one costs what was shown, no more and no less.
    const before = (await user()).credits;
    const paid = (await send(99)).json();
    expect(paid.message.cost).toBe(shown);
    expect(paid.credits).toBe(before - shown);
    expect(paid.free_messages_left).toBe(0);
    expect((await user()).credits).toBe(before - shown);
    // A retry of the same message changes nothing and says the same.
    const again = (await send(99)).json();
    expect(again).toMatchObject({ credits: before - shown, free_messages_left: 0 });
  });

  it('shows premium members no free messages, and a member at home the site price', async () => {
    const me = await t.member({}, DE);
    await t.db.query(`UPDATE users SET paid_user = true WHERE id = $1`, [me.id]);
    await t.db.query(`UPDATE profiles SET country = 'DE' WHERE user_id = $1`, [me.id]);
    const user = (await me.v.get('/api/user.php')).json().user;
    expect(user.free_messages_left).toBe(0);
    const settings = (await me.v.get('/api/settings.php')).json();
    expect(messageCost(settings, user.profile.country)).toBe(1);
    expect((await me.v.get('/api/pricing')).json().costs.message).toBe(1);
  });
});
