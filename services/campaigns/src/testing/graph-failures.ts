import type { GraphFailureRule } from '@inbox/whatsapp-sim';

/*
 * The simulator's chosen failures of account-level Graph requests (`/_sim/graph-failures`): the
 * number's fields or the analytics failing as WhatsApp fails them (an expired token, an outage).
 */

/** Fails the next `times` (default: every) Graph requests whose path contains `path`. */
export async function failGraphRequests(
  simUrl: string,
  rule: { path: string; code: number; httpStatus?: number; times?: number },
): Promise<void> {
  const res = await fetch(`${simUrl}/_sim/graph-failures`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  });
  if (res.status !== 201) throw new Error(`simulator graph failure: ${res.status} ${await res.text()}`);
}

/** The rules still in force, with how many requests each failed. */
export async function graphFailureRules(simUrl: string): Promise<GraphFailureRule[]> {
  const res = await fetch(`${simUrl}/_sim/graph-failures`);
  return ((await res.json()) as { data: GraphFailureRule[] }).data;
}
