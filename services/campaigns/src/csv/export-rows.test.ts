import type { ExportedRecipient } from '../db/repositories/exports.repository';
import { recipientRow, RECIPIENT_COLUMNS, surveyColumns, surveyRow } from './export-rows';

const recipient = (overrides: Partial<ExportedRecipient> = {}): ExportedRecipient => ({
  seq: 0,
  phone: '+5215512345678',
  waId: '5215512345678',
  status: 'READ',
  errorCode: null,
  errorTitle: null,
  errorDetails: null,
  sentAt: new Date('2025-05-01T10:00:00Z'),
  deliveredAt: new Date('2025-05-01T10:00:01Z'),
  readAt: new Date('2025-05-01T10:05:00Z'),
  repliedAt: null,
  failedAt: null,
  cost: 0.1 + 0.2,
  parameters: { body: ['Ana'] },
  retryableAfter: null,
  ...overrides,
});

describe('recipientRow', () => {
  it('gives one cell per column, in order', () => {
    const row = recipientRow(recipient());
    expect(row).toHaveLength(RECIPIENT_COLUMNS.length);
    expect(Object.fromEntries(RECIPIENT_COLUMNS.map((c, i) => [c, row[i]]))).toEqual({
      phone: '+5215512345678',
      wa_id: '5215512345678',
      status: 'READ',
      error_code: null,
      error_title: null,
      error_details: null,
      sent_at: new Date('2025-05-01T10:00:00Z'),
      delivered_at: new Date('2025-05-01T10:00:01Z'),
      read_at: new Date('2025-05-01T10:05:00Z'),
      replied_at: null,
      failed_at: null,
      cost: 0.3,
      parameters: '{"body":["Ana"]}',
      retryable_after: null,
    });
  });

  it('gives a 131049 failure the time a new attempt may be delivered, last', () => {
    const retryableAfter = new Date('2025-05-02T10:00:02Z');
    const row = recipientRow(
      recipient({
        status: 'FAILED',
        errorCode: '131049',
        failedAt: new Date('2025-05-01T10:00:02Z'),
        retryableAfter,
      }),
    );
    expect(RECIPIENT_COLUMNS.at(-1)).toBe('retryable_after');
    expect(row.at(-1)).toEqual(retryableAfter);
  });

  it('shows a recipient being sent as PENDING, and no parameters as an empty cell', () => {
    const row = recipientRow(recipient({ status: 'DISPATCHING', parameters: {}, cost: null }));
    expect(row[2]).toBe('PENDING');
    expect(row[11]).toBeNull();
    expect(row[12]).toBeNull();
  });
});

describe('survey rows', () => {
  const questions = [
    { text: '¿Cómo calificas el servicio?', options: ['Bien', 'Mal'] },
    { text: 'Why?', options: [] },
    { text: 'Again?', options: ['Yes', 'No'] },
  ];

  it('has a column per question, headed by its text', () => {
    expect(surveyColumns(questions)).toEqual([
      'phone',
      'wa_id',
      '¿Cómo calificas el servicio?',
      'Why?',
      'Again?',
      'completed',
      'first_answered_at',
    ]);
  });

  it('puts each answer under its question, the unanswered empty, and the earliest answer time', () => {
    const row = surveyRow(
      {
        seq: 3,
        phone: '+5511987654321',
        waId: null,
        completedAt: null,
        answers: [
          { questionIndex: 2, answer: 'Yes', answeredAt: new Date('2025-05-01T10:09:00Z') },
          { questionIndex: 0, answer: 'Bien', answeredAt: new Date('2025-05-01T10:01:00Z') },
        ],
      },
      questions.length,
    );
    expect(row).toEqual([
      '+5511987654321',
      null,
      'Bien',
      null,
      'Yes',
      false,
      new Date('2025-05-01T10:01:00Z'),
    ]);
  });
});
