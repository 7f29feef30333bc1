import { newMediaId } from './ids';

/** The message templates of every WABA the simulator has seen, with Meta's bookkeeping rules. */

export type TemplateCategoryName = 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
export type TemplateStatusName = 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED' | 'IN_APPEAL';
export type QualityScore = 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
/** Meta: at most 100 templates created per WABA per hour. */
export const CREATIONS_PER_HOUR = 100;
/** Meta: an APPROVED template may be edited once per 24 h and 10 times per 30 days. */
export const EDITS_PER_DAY = 1;
export const EDITS_PER_30_DAYS = 10;
/** Meta: a deleted approved name (in that language) cannot be reused for 30 days. */
export const DELETED_NAME_LOCK_MS = 30 * DAY_MS;

export interface SimTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: TemplateCategoryName;
  previousCategory?: TemplateCategoryName;
  status: TemplateStatusName;
  parameterFormat: 'POSITIONAL' | 'NAMED';
  components: Record<string, unknown>[];
  quality: QualityScore;
  qualityDate: number;
  rejectedReason: string;
  /** Times this template was paused (the third pause disables it, as Meta does). */
  pauses: number;
  /** Epoch ms of edits made while APPROVED: the edit budget. */
  approvedEdits: number[];
  /** Counts submissions, so a review scheduled for an older one does not apply. */
  reviewRound: number;
  /** Order of creation: list cursors point at it, so deletions never shift a page. */
  seq: number;
  createdAt: number;
}

/** What could not be done, for the Graph layer to turn into Meta's error. */
export type StoreRefusal =
  | { kind: 'exists'; template: SimTemplate }
  | { kind: 'being_deleted'; until: number }
  | { kind: 'rate_limited' }
  | { kind: 'not_editable'; status: TemplateStatusName }
  | { kind: 'category_locked' }
  | { kind: 'edit_limit'; window: '24h' | '30d'; nextAllowedAt: number }
  | { kind: 'not_found' }
  | { kind: 'disabled' };

export class StoreError extends Error {
  constructor(readonly refusal: StoreRefusal) {
    super(refusal.kind);
  }
}

export interface NewTemplate {
  wabaId: string;
  name: string;
  language: string;
  category: TemplateCategoryName;
  parameterFormat: 'POSITIONAL' | 'NAMED';
  components: Record<string, unknown>[];
  status?: TemplateStatusName;
  quality?: QualityScore;
  id?: string;
}

const lockKey = (wabaId: string, name: string, language: string) => `${wabaId}\u0000${name}\u0000${language}`;

export class TemplateStore {
  private readonly byId = new Map<string, SimTemplate>();
  private readonly deletedLocks = new Map<string, number>();
  private readonly creations = new Map<string, number[]>();
  private nextSeq = 1;

  all(): SimTemplate[] {
    return [...this.byId.values()].sort((a, b) => a.seq - b.seq);
  }

  get(id: string): SimTemplate | undefined {
    return this.byId.get(id);
  }

  ofWaba(wabaId: string): SimTemplate[] {
    return this.all().filter((t) => t.wabaId === wabaId);
  }

  find(wabaId: string, name: string, language: string): SimTemplate | undefined {
    return this.all().find((t) => t.wabaId === wabaId && t.name === name && t.language === language);
  }

  /** A creation through Graph: the (name, language) rules and the hourly budget apply. */
  create(input: NewTemplate, now: number): SimTemplate {
    const existing = this.find(input.wabaId, input.name, input.language);
    if (existing) throw new StoreError({ kind: 'exists', template: existing });
    const until = this.deletedLocks.get(lockKey(input.wabaId, input.name, input.language));
    if (until !== undefined && until > now) throw new StoreError({ kind: 'being_deleted', until });
    const recent = (this.creations.get(input.wabaId) ?? []).filter((at) => at > now - HOUR_MS);
    if (recent.length >= CREATIONS_PER_HOUR) throw new StoreError({ kind: 'rate_limited' });
    this.creations.set(input.wabaId, [...recent, now]);
    return this.insert({ ...input, status: 'PENDING' }, now);
  }

  /** A template placed directly (control API): no budget, but still one per (name, language). */
  seed(input: NewTemplate, now: number): SimTemplate {
    const existing = this.find(input.wabaId, input.name, input.language);
    if (existing) throw new StoreError({ kind: 'exists', template: existing });
    if (input.id !== undefined && this.byId.has(input.id))
      throw new StoreError({ kind: 'exists', template: this.byId.get(input.id)! });
    return this.insert(input, now);
  }

  private insert(input: NewTemplate, now: number): SimTemplate {
    const template: SimTemplate = {
      id: input.id ?? this.newId(),
      wabaId: input.wabaId,
      name: input.name,
      language: input.language,
      category: input.category,
      status: input.status ?? 'APPROVED',
      parameterFormat: input.parameterFormat,
      components: input.components,
      quality: input.quality ?? 'UNKNOWN',
      qualityDate: Math.floor(now / 1000),
      rejectedReason: 'NONE',
      pauses: 0,
      approvedEdits: [],
      reviewRound: 0,
      seq: this.nextSeq++,
      createdAt: now,
    };
    this.byId.set(template.id, template);
    return template;
  }

  /**
   * An edit through Graph: only APPROVED, REJECTED or PAUSED; an APPROVED template keeps its
   * category and spends its edit budget. The template goes back to review (PENDING).
   */
  edit(
    id: string,
    change: { category?: TemplateCategoryName; components: Record<string, unknown>[] },
    now: number,
  ): SimTemplate {
    const template = this.byId.get(id);
    if (!template) throw new StoreError({ kind: 'not_found' });
    if (!['APPROVED', 'REJECTED', 'PAUSED'].includes(template.status)) {
      throw new StoreError({ kind: 'not_editable', status: template.status });
    }
    if (template.status === 'APPROVED') {
      if (change.category !== undefined && change.category !== template.category) {
        throw new StoreError({ kind: 'category_locked' });
      }
      this.spendEdit(template, now);
    }
    if (change.category !== undefined && change.category !== template.category) {
      template.previousCategory = template.category;
      template.category = change.category;
    }
    template.components = change.components;
    template.status = 'PENDING';
    template.rejectedReason = 'NONE';
    return template;
  }

  private spendEdit(template: SimTemplate, now: number): void {
    const month = template.approvedEdits.filter((at) => at > now - 30 * DAY_MS);
    const day = month.filter((at) => at > now - DAY_MS);
    if (day.length >= EDITS_PER_DAY) {
      throw new StoreError({ kind: 'edit_limit', window: '24h', nextAllowedAt: Math.min(...day) + DAY_MS });
    }
    if (month.length >= EDITS_PER_30_DAYS) {
      const nextAllowedAt = Math.min(...month) + 30 * DAY_MS;
      throw new StoreError({ kind: 'edit_limit', window: '30d', nextAllowedAt });
    }
    template.approvedEdits = [...month, now];
  }

  /**
   * Deletes by name (every language) or by name and id (that one). DISABLED templates cannot be
   * deleted; a deleted template that had been approved locks its (name, language) for 30 days.
   */
  delete(wabaId: string, name: string, hsmId: string | undefined, now: number): SimTemplate[] {
    const targets = this.ofWaba(wabaId).filter(
      (t) => t.name === name && (hsmId === undefined || t.id === hsmId),
    );
    if (targets.length === 0) throw new StoreError({ kind: 'not_found' });
    if (targets.some((t) => t.status === 'DISABLED')) throw new StoreError({ kind: 'disabled' });
    for (const t of targets) {
      this.byId.delete(t.id);
      if (t.status === 'APPROVED' || t.status === 'PAUSED' || t.approvedEdits.length > 0) {
        this.deletedLocks.set(lockKey(t.wabaId, t.name, t.language), now + DELETED_NAME_LOCK_MS);
      }
    }
    return targets;
  }

  reset(): void {
    this.byId.clear();
    this.deletedLocks.clear();
    this.creations.clear();
  }

  /** Numeric ids of 16 digits, below 2^53 so they travel as JSON numbers in webhooks. */
  private newId(): string {
    for (;;) {
      const id = `1${newMediaId().slice(1)}`;
      if (!this.byId.has(id)) return id;
    }
  }
}
