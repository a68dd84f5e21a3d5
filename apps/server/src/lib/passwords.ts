import { hash, verify } from '@node-rs/argon2';

// argon2id with the library defaults (19 MiB, t=2): about 40 ms here.
export const hashPassword = (password: string) => hash(password);

/** Constant-time check; a missing hash still costs a verify so timing reveals nothing. */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    await verify(DUMMY, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

const DUMMY = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$3Vd5S6GfCrnP3Ntu6kaSW39bSBSuD2E4DvuVvOM8Pjw';
