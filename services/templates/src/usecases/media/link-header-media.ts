import { isHeaderMediaType } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { templatesRepository } from '../../db/repositories/templates.repository';

type Component = { type: string } & Record<string, unknown>;

const headerOf = (components: readonly Component[]) =>
  components.find((c) => String(c.type).toUpperCase() === 'HEADER');

/** Whether the template's HEADER is an IMAGE, VIDEO or DOCUMENT (a file is sent with it). */
export function hasMediaHeader(components: readonly Component[]): boolean {
  const format = headerOf(components)?.format;
  return typeof format === 'string' && isHeaderMediaType(format.toUpperCase());
}

/** The HEADER's `example.header_handle[0]`, when the header is a media one. */
export function headerHandleOf(components: readonly Component[]): string | null {
  if (!hasMediaHeader(components)) return null;
  const example = headerOf(components)?.example as { header_handle?: unknown } | undefined;
  const handle = Array.isArray(example?.header_handle) ? example.header_handle[0] : undefined;
  return typeof handle === 'string' && handle.length > 0 ? handle : null;
}

/**
 * The header sample a template's components point at: the id of the file this organization
 * uploaded under the HEADER's handle, or null (no media header, no handle, or a handle uploaded
 * elsewhere — another organization's handle links nothing). Reads only: call it in or before the
 * transaction that stores the components, and store the answer in `header_media_id`.
 */
export async function headerMediaIdFor(
  db: Db,
  orgId: number,
  components: readonly Component[],
): Promise<string | null> {
  const handle = headerHandleOf(components);
  return handle === null ? null : templatesRepository.headerMediaId(db, orgId, handle);
}

/** A header sample as far as it names a file: a link without its (signed, expiring) query, or a handle. */
function sampleIdentity(sample: string): { link: boolean; id: string } {
  try {
    const url = new URL(sample);
    if (url.protocol === 'https:' || url.protocol === 'http:')
      return { link: true, id: url.origin + url.pathname };
  } catch {
    // Not a link: an upload handle (`4::…`).
  }
  return { link: false, id: sample };
}

const formatOf = (components: readonly Component[]) =>
  String(headerOf(components)?.format ?? '').toUpperCase();

/**
 * Whether the HEADER's file changed between two versions of a template's components (a sync after
 * a change in WhatsApp Manager): another format, or another sample. WhatsApp lists the samples it
 * keeps as links to its copy (not the handle it was given), so a handle followed by a link cannot be
 * told apart from the same file shown back: that counts as unchanged. A link's query (a signature
 * and an expiry that change over time) is not part of the file.
 */
export function headerSampleChanged(before: readonly Component[], after: readonly Component[]): boolean {
  if (formatOf(before) !== formatOf(after)) return true;
  const was = headerHandleOf(before);
  const is = headerHandleOf(after);
  if (was === null || is === null) return was !== is;
  const [a, b] = [sampleIdentity(was), sampleIdentity(is)];
  if (a.id === b.id) return false;
  return !(!a.link && b.link);
}

/**
 * The header sample after WhatsApp changed a template's components (sync), or after a copy: the
 * file its handle links, else the file it had while its HEADER shows the same sample (WhatsApp
 * answers sample links, not the handle it was given, so the handle alone would drop the link); a
 * HEADER changed elsewhere (WhatsApp Manager) drops it, so sends never use the old file.
 */
export async function headerMediaIdAfterChange(
  db: Db,
  orgId: number,
  change: { before: readonly Component[]; after: readonly Component[]; current: string | null },
): Promise<string | null> {
  const linked = await headerMediaIdFor(db, orgId, change.after);
  if (linked !== null) return linked;
  if (!hasMediaHeader(change.after) || headerSampleChanged(change.before, change.after)) return null;
  return change.current;
}
