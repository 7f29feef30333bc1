import { templateSendProblem } from './message-errors';

it.each([
  [132000, 'invalid', 'TEMPLATE_PARAMETER_COUNT'],
  [132001, 'conflict', 'TEMPLATE_NOT_IN_WHATSAPP'],
  [132005, 'invalid', 'TEMPLATE_TEXT_TOO_LONG'],
  [132007, 'invalid', 'TEMPLATE_FORMAT_POLICY'],
  [132012, 'invalid', 'TEMPLATE_PARAMETER_FORMAT'],
  [132015, 'conflict', 'TEMPLATE_PAUSED'],
  [132016, 'conflict', 'TEMPLATE_DISABLED'],
  [132008, 'conflict', 'TEMPLATE_REFUSED'],
])('WhatsApp %i answers as %s %s', (code, kind, problem) => {
  expect(templateSendProblem(code)).toMatchObject({ kind, code: problem });
});

it.each([131047, 131026, 131999, 132017, 132068, 0, -1])('%i is not a template send error', (code) => {
  expect(templateSendProblem(code)).toBeNull();
});
