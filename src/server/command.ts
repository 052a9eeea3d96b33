/**
 * One write, one command (issue 60; the listings' rule of decision 0027 made the house's): a change is loaded, allowed
 * and made in one transaction, with everything that reports it written in that same transaction, so a crash or a
 * lost race leaves none of it half done. The steps, in the spirit of Discourse's `Service::Base`:
 *
 * - `input` (optional): the schema the command's input must meet (a 422 with per-field messages before anything);
 * - `load`, in the transaction: what the command changes, locked (`SELECT … FOR UPDATE`; SQLite runs one writer at a
 *   time) or with the version or status it will compare and set;
 * - `allow`: the actor's policy and the checks of the loaded state (a block, a closed conversation, a decided change),
 *   judged on what `load` read inside the transaction, never on a row read before it;
 * - `run`, in the transaction: the change, its audit row, its outbox rows (mail), its search rows and its invalidation
 *   rows (cache tags);
 * - `after`, once committed: only what cannot be rolled back and may be lost harmlessly (the live poke, waking the
 *   job runner). A command that throws anywhere before commits nothing.
 */
import type { z } from 'zod';
import type { Repositories } from './db/repositories.ts';
import { parseInput } from './errors.ts';

export interface CommandSteps<Input, Loaded, Result> {
  input?: z.ZodType<Input>;
  load(tx: Repositories, input: Input): Promise<Loaded>;
  allow?(loaded: Loaded, input: Input): void | Promise<void>;
  run(tx: Repositories, loaded: Loaded, input: Input): Promise<Result>;
  after?(result: Result, input: Input): void | Promise<void>;
}

/** Where a command opens its transaction: the repositories, or an open transaction it joins (billing's fulfilment). */
export type Transactional = Pick<Repositories, 'transaction'>;

export type Command<Input, Result> = (repos: Transactional, input: Input) => Promise<Result>;

/** Builds a command from its steps; call it with the repositories (or a transaction) and its input. */
export function command<Input, Loaded, Result>(steps: CommandSteps<Input, Loaded, Result>): Command<Input, Result> {
  return async (repos, raw) => {
    const input = steps.input ? parseInput(steps.input, raw) : raw;
    const result = await repos.transaction(async (tx) => {
      const loaded = await steps.load(tx, input);
      await steps.allow?.(loaded, input);
      return steps.run(tx, loaded, input);
    });
    await steps.after?.(result, input);
    return result;
  };
}
