import type { Db } from '../../db/client.ts';
import { type AppRow, findAllApps, findAllDomains, findAppModules, type ModuleRow } from './apps.queries.ts';

/**
 * Every request reads its app and menu, so both live in memory and are reloaded on
 * `invalidate()` (the cache bus calls it on every node when apps, domains or modules change)
 * and, as a safety net, after `ttlMs`.
 */
export class AppCache {
  private byKey = new Map<string, AppRow>();
  private byId = new Map<number, AppRow>();
  private byDomain = new Map<string, number>();
  private modules = new Map<number, ModuleRow[]>();
  private loadedAt = 0;
  private loads = 0;
  /** Counts invalidations: a load that an invalidation overtook is used once, not kept as fresh. */
  private invalidations = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 60_000,
  ) {}

  invalidate(): void {
    this.loadedAt = 0;
    this.invalidations++;
  }

  get fresh(): boolean {
    return Date.now() - this.loadedAt < this.ttlMs;
  }

  private async refresh(): Promise<void> {
    if (this.fresh) return;
    this.loading ??= (async () => {
      const seen = this.invalidations;
      const [appRows, domainRows] = await Promise.all([findAllApps(this.db), findAllDomains(this.db)]);
      const modules = new Map<number, ModuleRow[]>();
      for (const app of appRows) modules.set(app.id, await findAppModules(this.db, app.id));
      this.byKey = new Map(appRows.map((a) => [a.key, a]));
      this.byId = new Map(appRows.map((a) => [a.id, a]));
      this.byDomain = new Map(domainRows.map((d) => [d.domain.toLowerCase(), d.appId]));
      this.modules = modules;
      if (seen === this.invalidations) this.loadedAt = Date.now();
      this.loads++;
    })().finally(() => {
      this.loading = undefined;
    });
    await this.loading;
  }

  async byKeyOrDomain(key: string | undefined, host: string | undefined): Promise<AppRow | undefined> {
    if (!this.fresh) await this.refresh();
    return this.lookupNow(key, host);
  }

  /**
   * Synchronous reads for the hot path (`*Now`): valid only while `fresh` is true; otherwise the
   * caller uses the async methods, which reload first.
   */
  lookupNow(key: string | undefined, host: string | undefined): AppRow | undefined {
    if (key) return this.byKey.get(key);
    if (host) {
      const id = this.byDomain.get(host.toLowerCase().replace(/:\d+$/, ''));
      if (id !== undefined) return this.byId.get(id);
    }
    return undefined;
  }

  getNow(id: number): AppRow | undefined {
    return this.byId.get(id);
  }

  generationNow(): number {
    return this.loads;
  }

  fallbackNow(): AppRow | undefined {
    return this.byKey.get('demo') ?? [...this.byId.values()].sort((a, b) => a.id - b.id)[0];
  }

  /** Changes whenever apps and menus were reloaded: part of the key of answers derived from them. */
  async generation(): Promise<number> {
    if (!this.fresh) await this.refresh();
    return this.loads;
  }

  /** The host names configured for an app. */
  async domainsOf(appId: number): Promise<string[]> {
    await this.refresh();
    return [...this.byDomain.entries()].filter(([, id]) => id === appId).map(([d]) => d);
  }

  async get(id: number): Promise<AppRow | undefined> {
    if (!this.fresh) await this.refresh();
    return this.byId.get(id);
  }

  async menu(appId: number): Promise<ModuleRow[]> {
    if (!this.fresh) await this.refresh();
    return this.modules.get(appId) ?? [];
  }

  async module(appId: number, moduleId: number): Promise<ModuleRow | undefined> {
    return (await this.menu(appId)).find((m) => m.id === moduleId);
  }

  /** The app served at `/` when the host names none (the first app, `demo` in the seed). */
  async fallback(): Promise<AppRow | undefined> {
    if (!this.fresh) await this.refresh();
    return this.fallbackNow();
  }
}
