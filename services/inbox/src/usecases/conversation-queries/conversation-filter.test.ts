import type { DomainError } from '@inbox/platform';
import type { CallerContext } from '../../deps';
import { parseConversationFilter } from './conversation-filter';

const caller: CallerContext = {
  orgId: 1,
  kind: 'USER',
  principalId: 'u1',
  role: 'AGENT',
  userId: 'u1',
  requestId: 'r1',
};

const fieldsOf = (input: Parameters<typeof parseConversationFilter>[0]) => {
  try {
    parseConversationFilter(input, caller);
    return [];
  } catch (error) {
    return (error as DomainError).fields.map((f) => `${f.path}: ${f.message}`);
  }
};

describe('message search needs 3 characters (a shorter term scans every message)', () => {
  it.each([
    [{ search: 'ab', searchInMessages: true }, ['search: At least 3 characters to search in messages']],
    [{ search: ' a ', searchInMessages: true }, ['search: At least 3 characters to search in messages']],
    [{ search: 'abc', searchInMessages: true }, []],
    [{ search: 'ab' }, []], // contact search: small table, trigram-indexed expression
    [{ search: '', searchInMessages: true }, []], // no search at all
  ])('%j → %j', (input, fields) => expect(fieldsOf(input)).toEqual(fields));
});
