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

/**
 * After WhatsApp changed a template's components (sync): its handle links a file again, or the
 * template keeps the file it had while its header is still a media one (WhatsApp answers sample
 * URLs, not the handle it was given, so the handle alone would drop the link).
 */
export async function headerMediaIdAfterChange(
  db: Db,
  orgId: number,
  components: readonly Component[],
  current: string | null,
): Promise<string | null> {
  const linked = await headerMediaIdFor(db, orgId, components);
  if (linked !== null) return linked;
  return hasMediaHeader(components) ? current : null;
}
