/**
 * The glossary (messages/glossary.json, issue 63): the words chosen for Malaysian readers. Every category's Malay and
 * Chinese name by its English one (the seed and migration 0049 name categories from it), and the synonyms search
 * joins across the three languages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../project-root.ts';

export interface Glossary {
  categories: Readonly<Record<string, { ms: string; zh: string }>>;
  /** Groups of words that mean the same, each with its languages (jurujual · salesperson · 销售员). */
  synonyms: readonly { en: readonly string[]; ms: readonly string[]; zh: readonly string[] }[];
}

export const GLOSSARY: Glossary = JSON.parse(readFileSync(join(projectRoot, 'messages', 'glossary.json'), 'utf8')) as Glossary;
