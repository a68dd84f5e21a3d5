import type { TestProject } from 'vitest/node';
import { buildTemplates } from './templates.ts';

/** Migrates and seeds the template databases once per run; test apps start from copies (see harness.ts). */
export default async function setup(project: TestProject) {
  const { refs, remove } = await buildTemplates();
  project.provide('dbTemplates', refs);
  return remove;
}
