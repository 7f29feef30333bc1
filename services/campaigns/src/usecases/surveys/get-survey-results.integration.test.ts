import { status } from '@grpc/grpc-js';
import {
  seedSurveyAnswer,
  sentCampaign,
  type RecipientSeed,
  type SentCampaign,
} from '../../testing/status-builders';
import { createCampaignsTestbed, openForTestFile } from '../../testing/testbed';

const bed = openForTestFile(() => createCampaignsTestbed());

const QUESTIONS = [
  { text: '¿Qué tal tu última compra?', options: ['Buena', 'Regular', 'Mala'] },
  { text: '¿Nos recomendarías?', options: ['Sí', 'No'] },
];
const t = (minute: number) => new Date(Date.UTC(2026, 2, 2, 10, minute));

async function survey(orgId: number, recipients: number | RecipientSeed[] = 4): Promise<SentCampaign> {
  return sentCampaign(bed.deps.db, {
    orgId,
    phoneNumberId: 'pn-results',
    kind: 'SURVEY',
    questions: QUESTIONS,
    recipients: typeof recipients === 'number' ? Array.from({ length: recipients }, () => ({})) : recipients,
  });
}

const results = (caller: ReturnType<typeof bed.caller>, id: string, page = 0, pageSize = 0) =>
  bed.grpc.call.GetSurveyResults({ id, page, pageSize }, bed.callAs(caller));

describe('survey results', () => {
  it('summarize every question per option and page the respondents, first answer first', async () => {
    const { orgId } = bed.orgWithoutChannel();
    const admin = bed.caller(orgId, 'ADMIN');
    const c = await survey(orgId, [{}, { surveyQuestion: null, surveyCompletedAt: t(6) }, {}, {}]);
    const [early, late, middle] = c.recipientIds;
    await seedSurveyAnswer(bed.deps.db, c, late, { questionIndex: 0, answer: 'Buena', answeredAt: t(5) });
    await seedSurveyAnswer(bed.deps.db, c, late, {
      questionIndex: 1,
      answer: 'Sí',
      answeredAt: t(6),
      source: 'interactive',
    });
    await seedSurveyAnswer(bed.deps.db, c, early, { questionIndex: 0, answer: 'Mala', answeredAt: t(1) });
    await seedSurveyAnswer(bed.deps.db, c, early, {
      questionIndex: 1,
      answer: 'depende del día',
      answeredAt: t(2),
      source: 'text',
    });
    await seedSurveyAnswer(bed.deps.db, c, middle, { questionIndex: 0, answer: 'Mala', answeredAt: t(3) });

    const first = await results(admin, c.id, 1, 2);

    expect(first).toMatchObject({ campaignId: c.id, page: 1, pageSize: 2, total: 3 });
    expect(first.questions).toEqual([
      {
        questionIndex: 0,
        question: QUESTIONS[0].text,
        answers: 3,
        options: [
          { option: 'Buena', count: 1 },
          { option: 'Regular', count: 0 },
          { option: 'Mala', count: 2 },
        ],
      },
      {
        questionIndex: 1,
        question: QUESTIONS[1].text,
        answers: 2,
        options: [
          { option: 'Sí', count: 1 },
          { option: 'No', count: 0 },
        ],
      },
    ]);
    expect(first.data.map((r) => [r.recipientId, r.completed])).toEqual([
      [early, false],
      [middle, false],
    ]);
    expect(first.data[0].answers).toEqual([
      {
        questionIndex: 0,
        question: QUESTIONS[0].text,
        answer: 'Mala',
        source: 'button',
        answeredAt: t(1).toISOString(),
      },
      {
        questionIndex: 1,
        question: QUESTIONS[1].text,
        answer: 'depende del día',
        source: 'text',
        answeredAt: t(2).toISOString(),
      },
    ]);
    const second = await results(admin, c.id, 2, 2);
    expect(second.data.map((r) => [r.recipientId, r.completed, r.answers.length])).toEqual([[late, true, 2]]);
    const byDefault = await results(admin, c.id);
    expect(byDefault).toMatchObject({ page: 1, pageSize: 50, total: 3 });
    expect(byDefault.data).toHaveLength(3);
  });

  it('answer an empty survey with its questions and no respondents', async () => {
    const { orgId } = bed.orgWithoutChannel();
    const c = await survey(orgId, 2);
    const empty = await results(bed.caller(orgId, 'ADMIN'), c.id);
    expect(empty).toMatchObject({ total: 0, data: [] });
    expect(empty.questions.map((q) => q.answers)).toEqual([0, 0]);
  });

  it('refuse a STANDARD campaign (409), another organization’s (404), a page size over the maximum (400)', async () => {
    const mine = bed.orgWithoutChannel();
    const admin = bed.caller(mine.orgId, 'ADMIN');
    const standard = await sentCampaign(bed.deps.db, {
      orgId: mine.orgId,
      phoneNumberId: 'pn-results',
      recipients: [{}],
    });
    const theirs = await survey(bed.orgWithoutChannel().orgId, 1);

    await expect(results(admin, standard.id)).rejects.toMatchObject({ code: status.FAILED_PRECONDITION });
    await expect(results(admin, theirs.id)).rejects.toMatchObject({ code: status.NOT_FOUND });
    await expect(results(admin, 'no-such-campaign')).rejects.toMatchObject({ code: status.NOT_FOUND });
    const own = await survey(mine.orgId, 1);
    await expect(results(admin, own.id, 1, 201)).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
  });

  it('are for Admins: the service refuses an Agent itself, whatever the gateway checked', async () => {
    const { orgId, agent } = bed.orgWithoutChannel();
    const c = await survey(orgId, 1);
    await expect(results(agent, c.id)).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
  });
});
