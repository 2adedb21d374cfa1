import { readdir, readFile } from 'node:fs/promises';

/**
 * Processes this worker started and must end itself: Remotion leaves some behind (a cancelled
 * render's ffmpeg, a browser that missed its start-up deadline), and one per render would pile
 * up in a long-lived worker.
 */

/** This process's children with their arguments (Linux: read from /proc; elsewhere none are known). */
export async function childProcesses(): Promise<{ pid: number; args: string[] }[]> {
  const children: { pid: number; args: string[] }[] = [];
  const entries = await readdir('/proc').catch(() => [] as string[]);
  for (const entry of entries.filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      children.push({ pid: Number(entry), args: (await readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0') });
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** SIGKILLs `pids` (and the process groups they lead) and waits, up to 2 s, for them to go. */
export async function killAndWait(pids: number[]): Promise<void> {
  for (const pid of pids) {
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // not a group leader, or gone meanwhile
      }
    }
  }
  const deadline = Date.now() + 2000;
  const isAlive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

/**
 * Kills this process's ffmpeg children that write one of `outputs`. Remotion does not end its
 * pre-stitcher when a render is cancelled, and one ffmpeg per cancelled render would pile up in a
 * long-lived worker.
 */
export async function killStrayFfmpeg(outputs: string[]): Promise<void> {
  if (!outputs.length) return;
  const strays = (await childProcesses()).filter((c) => outputs.some((o) => c.args.includes(o))).map((c) => c.pid);
  await killAndWait(strays);
}
