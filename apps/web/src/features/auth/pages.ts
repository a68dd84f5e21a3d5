import { lazyPage, type PageMap } from '../../lib/lazy.ts';

export const authPages: PageMap = {};
void lazyPage;
