/**
 * The cluster's "machines" on one Linux box (issue 41): a network namespace per machine, joined by a veth pair to a
 * bridge with no uplink, and a cgroup per machine with a CPU quota (cgroup v2's `cpu.max`, or v1's
 * `cpu.cfs_quota_us`). A process is started inside both; a machine is killed by killing every process of its cgroup.
 * Root only: namespaces, links and cgroups are the kernel's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRIDGE, machines, namespaceOf, type ClusterLayout, type Machine } from './layout.ts';

/** Runs a command, throwing with its error output when it fails. */
export function sh(command: string, args: string[], options: { quiet?: boolean } = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0 && !options.quiet) throw new Error(`${command} ${args.join(' ')} failed: ${(result.stderr || result.stdout || String(result.error)).trim()}`);
  return result.stdout ?? '';
}

/** The cgroup folder machines' groups are made in: v2's unified tree, or v1's cpu controller. */
function cgroupBase(): { dir: string; version: 1 | 2 } {
  if (existsSync('/sys/fs/cgroup/cgroup.controllers')) return { dir: '/sys/fs/cgroup/yp-cluster', version: 2 };
  if (existsSync('/sys/fs/cgroup/cpu/cgroup.procs')) return { dir: '/sys/fs/cgroup/cpu/yp-cluster', version: 1 };
  throw new Error('No cgroup with the cpu controller is mounted (/sys/fs/cgroup/cpu or cgroup v2): the CPU quotas cannot be set.');
}

export function cgroupOf(machine: Machine): string {
  return join(cgroupBase().dir, machine.name);
}

/** What a machine's quota reads as, for the figures: "0.25 core (cpu.max)". */
export function quotaLabel(machine: Machine): string {
  const { version } = cgroupBase();
  return machine.cpu === null ? 'no quota' : `${machine.cpu} core (${version === 2 ? 'cpu.max' : 'cpu.cfs_quota_us'})`;
}

/** Makes the bridge, each machine's namespace and veth pair, and each machine's cgroup with its quota. */
export function createMachines(layout: ClusterLayout): void {
  const { dir, version } = cgroupBase();
  if (!existsSync(dir)) mkdirSync(dir);
  if (version === 2) {
    // The cpu controller must be on for the group's children.
    const parent = join(dir, '..', 'cgroup.subtree_control');
    if (!readFileSync(parent, 'utf8').includes('cpu')) writeFileSync(parent, '+cpu');
    if (!readFileSync(join(dir, 'cgroup.subtree_control'), 'utf8').includes('cpu')) writeFileSync(join(dir, 'cgroup.subtree_control'), '+cpu');
  }
  if (sh('ip', ['link', 'show', BRIDGE], { quiet: true }) === '') {
    sh('ip', ['link', 'add', BRIDGE, 'type', 'bridge']);
    sh('ip', ['addr', 'add', `${layout.gateway}/${layout.prefix}`, 'dev', BRIDGE]);
    sh('ip', ['link', 'set', BRIDGE, 'up']);
  }
  for (const machine of machines(layout)) {
    const ns = namespaceOf(machine);
    if (!sh('ip', ['netns', 'list']).split('\n').some((line) => line.split(' ')[0] === ns)) {
      sh('ip', ['netns', 'add', ns]);
      const outside = `yp-v-${machine.name}`;
      sh('ip', ['link', 'add', outside, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns]);
      sh('ip', ['link', 'set', outside, 'master', BRIDGE]);
      sh('ip', ['link', 'set', outside, 'up']);
      sh('ip', ['netns', 'exec', ns, 'ip', 'addr', 'add', `${machine.address}/${layout.prefix}`, 'dev', 'eth0']);
      sh('ip', ['netns', 'exec', ns, 'ip', 'link', 'set', 'eth0', 'up']);
      sh('ip', ['netns', 'exec', ns, 'ip', 'link', 'set', 'lo', 'up']);
      sh('ip', ['netns', 'exec', ns, 'ip', 'route', 'add', 'default', 'via', layout.gateway]);
    }
    const group = cgroupOf(machine);
    if (!existsSync(group)) mkdirSync(group);
    setQuota(machine, machine.cpu);
  }
}

/** Sets a machine's CPU quota (a share of one core; null: none). Loading a large catalogue runs without one. */
export function setQuota(machine: Machine, cpu: number | null): void {
  const { version } = cgroupBase();
  const group = cgroupOf(machine);
  // The kernel's 100 ms period. A 10 ms one made a 0.1-core host's cached pages smoother (p50 35 ms, not 90: it no longer
  // runs 10 ms and stands still 90), but with it a run measured replica lag p99 310 ms and a 36 s failover (bench:cluster).
  const period = 100_000;
  const quota = cpu === null ? -1 : Math.round(cpu * period);
  if (version === 2) writeFileSync(join(group, 'cpu.max'), `${quota < 0 ? 'max' : quota} ${period}`);
  else {
    writeFileSync(join(group, 'cpu.cfs_period_us'), String(period));
    writeFileSync(join(group, 'cpu.cfs_quota_us'), String(quota));
  }
}

/** CPU seconds a machine's processes have used so far (user and system, from /proc; a process gone meanwhile counts nothing). */
export function cpuSeconds(machine: Machine): number {
  let ticks = 0;
  for (const pid of processesOf(machine)) {
    try {
      // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch { /* gone */ }
  }
  return ticks / 100;
}

/** The pids in a machine's cgroup (none when it has none). */
export function processesOf(machine: Machine): number[] {
  try {
    return readFileSync(join(cgroupOf(machine), 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * Starts `command` on `machine`: in its cgroup (joined before anything runs, so every child is counted), in its
 * namespace, as `user` when given (PostgreSQL's tools refuse root). Output goes to `log`; the process outlives this one.
 */
export function startOn(machine: Machine, command: string[], options: { log: string; user?: string; env?: NodeJS.ProcessEnv; cwd?: string }): number {
  const out = openSync(options.log, 'a');
  const inNamespace = ['ip', 'netns', 'exec', namespaceOf(machine), ...(options.user ? ['runuser', '-u', options.user, '--'] : []), ...command];
  const child = spawn('sh', ['-c', `echo $$ > "${join(cgroupOf(machine), 'cgroup.procs')}" && exec "$@"`, 'sh', ...inNamespace], {
    detached: true, stdio: ['ignore', out, out], env: { ...process.env, ...options.env }, cwd: options.cwd,
  });
  child.unref();
  return child.pid!;
}

/** Runs `command` on `machine` to its end (as `user` when given), returning its output. */
export function runOn(machine: Machine, command: string[], options: { user?: string } = {}): string {
  return sh('ip', ['netns', 'exec', namespaceOf(machine), ...(options.user ? ['runuser', '-u', options.user, '--'] : []), ...command]);
}

/** Kills every process of a machine (as losing the machine would), and waits until none is left. */
export async function killMachine(machine: Machine, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  for (let round = 0; round < 100; round++) {
    const pids = processesOf(machine);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch { /* gone */ }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The processes of ${machine.name} did not end: ${processesOf(machine).join(', ')}`);
}

/** Removes every namespace, link and cgroup the cluster made (its processes must have ended). */
export function removeMachines(layout: ClusterLayout): string[] {
  const left: string[] = [];
  for (const machine of machines(layout)) {
    sh('ip', ['link', 'del', `yp-v-${machine.name}`], { quiet: true });
    sh('ip', ['netns', 'del', namespaceOf(machine)], { quiet: true });
    try {
      if (existsSync(cgroupOf(machine))) rmdirSync(cgroupOf(machine));
    } catch (error) {
      left.push(`cgroup ${machine.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // Machines of a larger earlier cluster (more replicas or hosts than this layout names).
  for (const ns of sh('ip', ['netns', 'list']).split('\n').map((line) => line.split(' ')[0]!).filter((ns) => ns.startsWith('yp-') && ns !== '')) {
    const name = ns.slice(3);
    sh('ip', ['link', 'del', `yp-v-${name}`], { quiet: true });
    sh('ip', ['netns', 'del', ns], { quiet: true });
  }
  sh('ip', ['link', 'del', BRIDGE], { quiet: true });
  const { dir } = cgroupBase();
  try {
    if (existsSync(dir)) {
      for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) rmdirSync(join(dir, entry.name));
      rmdirSync(dir);
    }
  } catch (error) {
    left.push(`cgroup folder: ${error instanceof Error ? error.message : String(error)}`);
  }
  return left;
}

/** Whether anything of the cluster exists: the bridge, a namespace or a cgroup. */
export function leftovers(): string[] {
  const found: string[] = [];
  if (sh('ip', ['link', 'show', BRIDGE], { quiet: true }) !== '') found.push(`link ${BRIDGE}`);
  for (const ns of sh('ip', ['netns', 'list']).split('\n').map((line) => line.split(' ')[0]!).filter((ns) => ns.startsWith('yp-'))) found.push(`namespace ${ns}`);
  if (existsSync(cgroupBase().dir)) found.push(`cgroup ${cgroupBase().dir}`);
  return found;
}
