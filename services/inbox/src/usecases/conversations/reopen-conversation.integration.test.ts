import { openForTestFile } from '@inbox/platform/testing';
import { eq } from 'drizzle-orm';
import { conversations } from '../../db/schema';
import { createInboxTestbed } from '../../testing/testbed';
import { failure, organizations, storedConversation } from '../../testing/conversation-test-kit';
import { reopenConversation } from './reopen-conversation';

// Reopen asks the directory before its transaction, then locks and re-checks what it asked about.
const tb = openForTestFile(createInboxTestbed);

const org = organizations(tb, 7400);

/** Runs `meanwhile` once, right after the directory answered: a change that lands between asking and locking. */
function changeAfterTheDirectoryAnswers(meanwhile: () => Promise<void>, times = 1) {
  const ask = tb.directory.isActiveUser.bind(tb.directory);
  let left = times;
  tb.directory.isActiveUser = async (caller, userId) => {
    const answer = await ask(caller, userId);
    if (left-- > 0) await meanwhile();
    return answer;
  };
  return () => {
    tb.directory.isActiveUser = ask;
  };
}

async function setAssignee(id: string, assignedTo: string | null): Promise<void> {
  await tb.deps.db.update(conversations).set({ assignedTo }).where(eq(conversations.id, id));
}

it('asks again when the assignee changed between asking the directory and locking', async () => {
  const o = org();
  const gone = 'user-who-left';
  const conversation = await o.make({ status: 'CLOSED', assignedTo: gone, closedAt: new Date() });
  const restore = changeAfterTheDirectoryAnswers(() => setAssignee(conversation.id, o.colleague));
  try {
    const reopened = await reopenConversation(tb.deps, o.agent, conversation.id);
    // Decided on the colleague (active), not on the answer about the user who left.
    expect(reopened.row).toMatchObject({ status: 'HUMAN_HANDLING', assignedTo: o.colleague });
  } finally {
    restore();
  }
});

it('gives up with a conflict when the conversation keeps changing', async () => {
  const o = org();
  const conversation = await o.make({ status: 'CLOSED', assignedTo: o.colleague, closedAt: new Date() });
  const other = tb.directory.addUser(o.orgId);
  let flip = false;
  // Every time the directory answers, someone else has become the assignee.
  const restore = changeAfterTheDirectoryAnswers(
    () => setAssignee(conversation.id, (flip = !flip) ? other : o.colleague),
    10,
  );
  try {
    expect(await failure(reopenConversation(tb.deps, o.agent, conversation.id))).toMatchObject({
      kind: 'conflict',
      code: 'CONCURRENT_CHANGE',
    });
    expect(await storedConversation(tb, conversation.id)).toMatchObject({ status: 'CLOSED' });
  } finally {
    restore();
  }
});
