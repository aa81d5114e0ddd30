// deploy/pgbackrest/pgbackrest.conf (docs/operations.md "Continuous archiving and point-in-time recovery") read by
// Debian's pgBackRest itself: `pgbackrest help <command> <option>` loads the file and warns about an unknown option or
// refuses a value it does not accept, and prints the value it read. Every option of the file is checked that way.
// Skipped, with a message, where pgbackrest is not installed (apt-get install pgbackrest).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from './spawned-server.testing';

const CONF = path.join(REPO, 'deploy/pgbackrest/pgbackrest.conf');
const installed = spawnSync('pgbackrest', ['version'], { encoding: 'utf8' }).status === 0;
if (!installed) console.log('pgbackrest-config.test: skipped, pgbackrest is not installed (apt-get install pgbackrest)');
const suite = installed ? describe : describe.skip;

/** The file's options, by section: [section, option, value]. */
function options(text: string): [string, string, string][] {
  let section = '';
  const out: [string, string, string][] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const s = /^\[(.+)\]$/.exec(line);
    if (s) section = s[1];
    else {
      const [k, ...v] = line.split('=');
      out.push([section, k.trim(), v.join('=').trim()]);
    }
  }
  return out;
}

/** The command whose help shows an option (archive-push's own options are not the backup command's). */
const commandOf = (option: string) => (['archive-async', 'spool-path'].includes(option) ? 'archive-push' : 'backup');

const help = (conf: string, option: string) =>
  spawnSync('pgbackrest', [`--config=${conf}`, '--stanza=sawari', 'help', commandOf(option), option], { encoding: 'utf8', cwd: '/' });

suite('deploy/pgbackrest/pgbackrest.conf, as pgBackRest reads it', () => {
  const opts = options(fs.readFileSync(CONF, 'utf8'));

  it('has the global settings and the sawari stanza', () => {
    expect(opts.map(([s, k]) => `${s}:${k}`)).toEqual(
      expect.arrayContaining(['global:repo1-path', 'global:repo1-retention-full', 'global:archive-async', 'sawari:pg1-path']),
    );
  });

  it('every option is known and its value accepted (no WARN, no ERROR; the value read is the file’s)', () => {
    for (const [, option, value] of opts) {
      const r = help(CONF, option);
      const out = `${r.stdout}${r.stderr}`;
      expect({ option, problems: out.split('\n').filter((l) => /^(WARN|ERROR)/.test(l)) }).toEqual({ option, problems: [] });
      const current = /^current: (.+)$/m.exec(out)?.[1];
      expect({ option, current }).toEqual({ option, current: value === 'y' ? 'true' : value === 'n' ? 'false' : value });
    }
  });

  it('the same check finds a wrong option or value (the test can fail)', () => {
    const bad = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pgbr-')), 'bad.conf');
    fs.writeFileSync(bad, '[global]\nrepo1-path=/var/lib/pgbackrest\ncompress-typ=zst\n\n[sawari]\npg1-path=/x\n');
    expect(`${help(bad, 'repo1-path').stderr}${help(bad, 'repo1-path').stdout}`).toMatch(/WARN: configuration file contains invalid option 'compress-typ'/);
    fs.writeFileSync(bad, '[global]\ncompress-type=zzz\n\n[sawari]\npg1-path=/x\n');
    expect(`${help(bad, 'compress-type').stderr}${help(bad, 'compress-type').stdout}`).toMatch(/ERROR: .*'zzz' is not allowed for 'compress-type'/);
    fs.rmSync(path.dirname(bad), { recursive: true, force: true });
  });
});
