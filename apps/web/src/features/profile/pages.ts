import type { PageMap } from '../../lib/lazy.ts';

export const profilePages: PageMap = {};
