import type { AppMenu } from '@app/contract/schemas/app';
import type { MyProfile } from '@app/contract/schemas/users';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { profileKeys } from './keys.ts';
import { applySavedProfile, withProfileCompletion } from './update-profile.ts';

const menu = (completed: string[]): AppMenu => ({
  menu: [],
  user_id: 7,
  owner_email: null,
  claims: [],
  max_upload_size: 1,
  is_admin: false,
  is_profile_completed: completed,
  preferences_all: [],
  achive_badges_all: [],
  push_public_key: '',
  app_badge_count: 0,
});
const profile = (is_profile_completed: boolean): MyProfile => ({
  id: 7,
  email: 'nora@example.test',
  first_name: 'Nora',
  last_name: 'Newcomer',
  job_title: is_profile_completed ? 'Founder' : '',
  company: '',
  avatar: null,
  is_profile_completed,
  location: '',
  pitch: '',
  additional_info: '',
  public_email: '',
  social_urls: [],
  interested_in: [],
  expert_in: [],
  looking_for: [],
  hobbies: [],
  touchpoints: [],
  topics: [],
  photo: null,
  preferences: { email_visibility: 'members', listed_in_directory: true },
});

describe('withProfileCompletion', () => {
  it('marks the menu complete or incomplete, keeping the rest', () => {
    expect(withProfileCompletion(menu([]), true)).toEqual(menu(['personal']));
    expect(withProfileCompletion(menu(['personal']), false)).toEqual(menu([]));
  });
});

describe('applySavedProfile', () => {
  it('writes the completion into every cached menu and the profile into its cache', () => {
    const qc = new QueryClient();
    qc.setQueryData(['app-menu', 'token-a'], menu([]));
    qc.setQueryData(['app-menu', 'token-b'], menu([]));
    qc.setQueryData(['app-config'], { untouched: true });
    const saved = profile(true);
    applySavedProfile(qc, saved);
    expect(qc.getQueryData(['app-menu', 'token-a'])).toEqual(menu(['personal']));
    expect(qc.getQueryData(['app-menu', 'token-b'])).toEqual(menu(['personal']));
    expect(qc.getQueryData(['app-config'])).toEqual({ untouched: true });
    expect(qc.getQueryData(profileKeys.me)).toBe(saved);

    applySavedProfile(qc, profile(false));
    expect(qc.getQueryData<AppMenu>(['app-menu', 'token-a'])?.is_profile_completed).toEqual([]);
  });

  it('creates no menu that was not cached', () => {
    const qc = new QueryClient();
    applySavedProfile(qc, profile(true));
    expect(qc.getQueriesData({ queryKey: ['app-menu'] })).toEqual([]);
  });
});
