// site-fs.js gives the static build's engine (web/wasm) a read-only file
// system holding the site's databases. Go's os package calls the
// Node-style functions of globalThis.fs (Go's syscall/fs_js.go), which
// wasm_exec.js leaves failing with ENOSYS outside Node. installSiteFS(fs,
// load) replaces open, close, fstat, stat, lstat and read of fs (the
// other functions keep failing) so that the paths under /db/ are the
// site's files under db/: each is loaded whole by load(relativePath), a
// promise of its bytes (a Uint8Array, or null when the site has no such
// file), at its first open and kept for the later ones. Nothing can be
// written. engine-worker.js installs it with fetch; the tests' Node driver
// with the files of the built site.
function installSiteFS(fs, load) {
  const files = new Map(); // path -> promise of its bytes or null
  const open = new Map(); // fd -> {data, pos}
  let next = 1000;
  const error = (code) => Object.assign(new Error(code), { code });
  const stat = (data) => ({
    dev: 0, ino: 0, mode: 0o100444, nlink: 1, uid: 0, gid: 0, rdev: 0, size: data.length, blksize: 4096,
    blocks: Math.ceil(data.length / 512), atimeMs: 0, mtimeMs: 0, ctimeMs: 0, isDirectory: () => false,
  });
  const file = (path) => {
    if (typeof path !== 'string' || !path.startsWith('/db/') || path.split('/').some((p) => p === '..' || p === '.')) {
      return Promise.resolve(null);
    }
    if (!files.has(path)) {
      files.set(path, Promise.resolve().then(() => load(path.slice(1))).catch(() => null));
    }
    return files.get(path);
  };
  fs.open = (path, flags, mode, callback) => {
    if (flags !== 0) {
      callback(error('EROFS'));
      return;
    }
    file(path).then((data) => {
      if (!data) {
        callback(error('ENOENT'));
        return;
      }
      const fd = next++;
      open.set(fd, { data, pos: 0 });
      callback(null, fd);
    });
  };
  fs.close = (fd, callback) => callback(open.delete(fd) ? null : error('EBADF'));
  fs.fstat = (fd, callback) => {
    const f = open.get(fd);
    if (f) callback(null, stat(f.data));
    else callback(error('EBADF'));
  };
  fs.stat = fs.lstat = (path, callback) => {
    file(path).then((data) => (data ? callback(null, stat(data)) : callback(error('ENOENT'))));
  };
  // read(fd, buffer, offset, length, position): position null reads at
  // the file's own position and moves it (Node's convention).
  fs.read = (fd, buffer, offset, length, position, callback) => {
    const f = open.get(fd);
    if (!f) {
      callback(error('EBADF'));
      return;
    }
    const at = position === null || position === undefined ? f.pos : position;
    const n = Math.max(0, Math.min(length, f.data.length - at));
    buffer.set(f.data.subarray(at, at + n), offset);
    if (position === null || position === undefined) f.pos += n;
    callback(null, n);
  };
}
if (typeof module !== 'undefined') module.exports = { installSiteFS };
