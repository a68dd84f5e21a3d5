import { eq } from 'drizzle-orm';
import { defineModule, erase, keep } from '../../platform/module.ts';
import { authRoutes } from './auth.routes.ts';
import { accessTokens, mailTokens } from './auth.table.ts';

export const authModule = defineModule({
  name: 'auth',
  routes: authRoutes,
  memberData: [
    keep(accessTokens.userId, 'revoked by the deletion itself (a hash and dates), their hashes dropped from every node'),
    // The used deletion link stays (a hash and a date): following it again answers "already used".
    erase(mailTokens.userId, { except: eq(mailTokens.kind, 'delete') }),
  ],
});
