/**
 * A phone whose disk really fills up: Chromium on a saved profile (`launchPersistentContext`)
 * whose user-data-dir is on a small tmpfs this harness mounts, and a filler file beside the
 * profile that leaves it as many bytes as a test says. Not a quota override: the browser's
 * own files, IndexedDB's LevelDB and blob files included, meet ENOSPC as on a full phone.
 *
 * Mounting needs root (CI and the development machine run as root): `smallDiskSupport()`
 * says why not where it cannot, for `test.skip`.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, statfsSync, writeFileSync, existsSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium'

/** Undefined where a tmpfs can be mounted here, else why not. */
export function smallDiskSupport(): string | undefined {
  if (process.platform !== 'linux') return 'a tmpfs for the profile needs Linux'
  if (process.getuid?.() !== 0) return 'mounting a tmpfs for the profile needs root (as in CI)'
  const probe = mkdtempSync(join(tmpdir(), 'avaliador-tmpfs-probe-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' })
    execFileSync('umount', [probe], { stdio: 'ignore' })
    return undefined
  } catch {
    return 'this machine refuses to mount a tmpfs (a container without CAP_SYS_ADMIN?)'
  } finally {
    rmSync(probe, { recursive: true, force: true })
  }
}

export type SmallDisk = {
  /** Where it is mounted. */
  dir: string
  /** The saved profile on it. */
  profileDir: string
  /** Bytes the disk still takes. */
  free(): number
  /** Fills the disk with a file until `leaveBytes` are left (or fewer: the file system's blocks). */
  fill(leaveBytes: number): void
  /** Removes the filler: the agent freed space. */
  unfill(): void
  /** Its IndexedDB folders for `origin` (what Chromium deletes when it finds the database corrupt). */
  indexedDbFolders(origin: string): string[]
  /** Unmounts it and removes the folder. */
  remove(): void
}

/** Mounts a tmpfs of `megabytes` for a profile. */
export function mountSmallDisk(megabytes: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'avaliador-small-disk-'))
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir])
  const filler = join(dir, 'filler')
  const profileDir = join(dir, 'profile')
  const free = () => {
    const stats = statfsSync(dir)
    return stats.bavail * stats.bsize
  }
  return {
    dir,
    profileDir,
    free,
    fill(leaveBytes) {
      rmSync(filler, { force: true })
      // In 8 MB pieces: a single buffer of the whole disk is more than this process needs.
      const piece = Buffer.alloc(8 * 1024 * 1024, 1)
      let left = free() - leaveBytes
      writeFileSync(filler, '')
      while (left > 0) {
        const size = Math.min(left, piece.length)
        writeFileSync(filler, piece.subarray(0, size), { flag: 'a' })
        left -= size
      }
    },
    unfill() {
      rmSync(filler, { force: true })
    },
    indexedDbFolders(origin) {
      const root = join(profileDir, 'Default', 'IndexedDB')
      if (!existsSync(root)) return []
      const prefix = origin.replace('://', '_').replace(':', '_')
      return readdirSync(root)
        .filter((name) => name.startsWith(prefix))
        .map((name) => join(root, name))
    },
    remove() {
      try {
        execFileSync('umount', [dir], { stdio: 'ignore' })
      } catch {
        // Already unmounted.
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Chromium on the small disk's profile, as a phone: 360×740, pt-BR, São Paulo. */
export async function launchOnDisk(
  disk: SmallDisk,
  baseURL: string,
  /** Told each line the browser writes about its storage (IndexedDB, LevelDB, corruption). */
  onStorageLog?: (line: string) => void,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(disk.profileDir, {
    ...(onStorageLog
      ? {
          logger: {
            isEnabled: (name) => name === 'browser',
            log: (_name, _severity, message) => {
              const line = String(message)
              if (/IndexedDB|LevelDB|corrupt|backing store|NO_SPACE/i.test(line)) onStorageLog(line)
            },
          },
        }
      : {}),
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: { width: 360, height: 740 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  })
  await context.grantPermissions(['geolocation'], { origin: new URL(baseURL).origin })
  const page = context.pages()[0] ?? (await context.newPage())
  return { context, page }
}
