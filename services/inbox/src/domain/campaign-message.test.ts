import { campaignMessageStatus, campaignMessageTime } from './campaign-message';

describe('the campaign message in a conversation', () => {
  it.each([
    ['SENT', 'SENT'],
    ['DELIVERED', 'DELIVERED'],
    ['READ', 'READ'],
    ['FAILED', 'FAILED'],
    ['REPLIED', 'DELIVERED'],
    ['DISPATCHING', 'SENT'],
    ['PENDING', 'SENT'],
    ['SOMETHING_NEW', 'SENT'],
  ])('shows a recipient %s as %s', (recipient, message) => {
    expect(campaignMessageStatus(recipient)).toBe(message);
  });

  it('sits at its send time, and always before the reply', () => {
    const sent = new Date('2026-03-05T12:00:00.700Z');
    expect(campaignMessageTime(sent, new Date('2026-03-05T13:00:00Z'))).toEqual(sent);
    // WhatsApp's reply time is whole seconds: a reply in the same second still comes after.
    expect(campaignMessageTime(sent, new Date('2026-03-05T12:00:00Z'))).toEqual(
      new Date('2026-03-05T11:59:59.999Z'),
    );
  });
});
