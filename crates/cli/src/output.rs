//! Where the commands write: files replaced at once or not at all, and a stderr whose failure
//! never stops the work.
//!
//! A file named with `-o` (or rewritten by `fmt`) is written beside itself under a hidden
//! temporary name and renamed over the destination only when everything was written, so a full
//! disk, a killed process or an input that is also the output never leaves half a file. What is
//! not a regular file (`/dev/stdout`, a FIFO, a terminal) is written as it is.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when a write to stderr failed: the run goes on, its exit status says so.
static STDERR_FAILED: AtomicBool = AtomicBool::new(false);

/// Stderr for diagnostics, notes and the progress line: a failed write (a closed pipe, a full
/// disk) is remembered, not returned, so that losing the messages never loses the games.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Stderr;

impl Write for Stderr {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !STDERR_FAILED.load(Ordering::Relaxed) && io::stderr().write_all(buf).is_err() {
            STDERR_FAILED.store(true, Ordering::Relaxed);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if io::stderr().flush().is_err() {
            STDERR_FAILED.store(true, Ordering::Relaxed);
        }
        Ok(())
    }
}

/// Whether some message could not be written to stderr.
pub(crate) fn stderr_failed() -> bool {
    STDERR_FAILED.load(Ordering::Relaxed)
}

/// Set when a game had an error or an input could not be read: the run's verdict is a failure
/// even if its output then stops at a reader that went away (`| head`).
static FAILURE_FOUND: AtomicBool = AtomicBool::new(false);

/// Notes that a game had an error or an input could not be read.
pub(crate) fn note_failure() {
    FAILURE_FOUND.store(true, Ordering::Relaxed);
}

/// Whether [`note_failure`] was called.
pub(crate) fn failure_found() -> bool {
    FAILURE_FOUND.load(Ordering::Relaxed)
}

/// The output of a command: stdout, or a file given by `-o`.
pub(crate) enum Output {
    /// Stdout, buffered.
    Stdout(BufWriter<io::StdoutLock<'static>>),
    /// A file, replaced when the output is committed.
    File(AtomicFile),
}

impl Output {
    /// `path`, or stdout when none.
    ///
    /// # Errors
    ///
    /// When the temporary file (or a special file) cannot be created.
    pub(crate) fn new(path: Option<&Path>) -> io::Result<Output> {
        Ok(match path {
            Some(path) => Output::File(AtomicFile::create(path)?),
            None => Output::Stdout(BufWriter::with_capacity(1 << 16, io::stdout().lock())),
        })
    }

    /// Everything written reaches its destination: stdout flushed, or the file renamed into
    /// place.
    ///
    /// # Errors
    ///
    /// When the last writes, the sync or the rename fail (the destination is then untouched).
    pub(crate) fn commit(self) -> io::Result<()> {
        match self {
            Output::Stdout(mut out) => out.flush(),
            Output::File(file) => file.commit(),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(out) => out.write(buf),
            Output::File(file) => file.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Output::Stdout(out) => out.write_all(buf),
            Output::File(file) => file.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(out) => out.flush(),
            Output::File(file) => file.flush(),
        }
    }
}

/// A file that replaces its destination in one rename when committed, and leaves nothing
/// behind when dropped uncommitted.
///
/// An existing destination keeps its permissions; a symbolic link stays a link, the file it
/// points to is replaced. A destination that is not a regular file is written directly.
pub(crate) struct AtomicFile {
    writer: BufWriter<File>,
    /// The temporary file and the file it becomes; `None` when writing straight into a
    /// special file.
    rename: Option<(PathBuf, PathBuf)>,
    permissions: Option<fs::Permissions>,
    committed: bool,
}

impl AtomicFile {
    /// Starts writing what will become `path`.
    ///
    /// # Errors
    ///
    /// When the destination cannot be examined or the temporary file cannot be created.
    pub(crate) fn create(path: &Path) -> io::Result<AtomicFile> {
        let Some(target) = replaceable(path)? else {
            return Ok(AtomicFile {
                writer: BufWriter::new(File::create(path)?),
                rename: None,
                permissions: None,
                committed: false,
            });
        };
        let permissions = fs::metadata(&target).ok().map(|m| m.permissions());
        let (temp, file) = temporary_beside(&target)?;
        Ok(AtomicFile {
            writer: BufWriter::with_capacity(1 << 16, file),
            rename: Some((temp, target)),
            permissions,
            committed: false,
        })
    }

    /// Writes what is buffered, syncs it to disk and renames it over the destination.
    ///
    /// # Errors
    ///
    /// When any of those fail; the destination is then as it was and the temporary file gone.
    pub(crate) fn commit(mut self) -> io::Result<()> {
        self.writer.flush()?;
        if let Some((temp, target)) = &self.rename {
            let file = self.writer.get_ref();
            if let Some(permissions) = &self.permissions {
                file.set_permissions(permissions.clone())?;
            }
            // On disk before the rename makes it the file.
            file.sync_all()?;
            fs::rename(temp, target)?;
        }
        self.committed = true;
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.committed
            && let Some((temp, _)) = &self.rename
        {
            let _ = fs::remove_file(temp);
        }
    }
}

/// Writes `content` as the new `path` at once (see [`AtomicFile`]).
///
/// # Errors
///
/// When writing fails; `path` is then as it was.
pub(crate) fn replace(path: &Path, content: &[u8]) -> io::Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(content)?;
    file.commit()
}

/// Whether `path` is a regular file (or a new one) that can be replaced by a rename, and the
/// file to rename over: the end of its symbolic links. `None` for what is not a regular file,
/// and for the kernel's own files (`/dev/stdout`, `/proc/self/fd/1`), whose links lead to
/// whatever the shell redirected.
///
/// # Errors
///
/// When the destination exists but cannot be examined.
pub(crate) fn replaceable(path: &Path) -> io::Result<Option<PathBuf>> {
    if path.starts_with("/dev") || path.starts_with("/proc") {
        return Ok(None);
    }
    match fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(Some(fs::canonicalize(path)?)),
        Ok(_) => Ok(None),
        // A new file; a dangling link is written through, as the shell would.
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if fs::symlink_metadata(path).is_ok() {
                Ok(None)
            } else {
                Ok(Some(path.to_owned()))
            }
        }
        Err(e) => Err(e),
    }
}

/// The prefix and suffix of the temporary files beside `target`: `.NAME.scoresheet-PID.tmp`.
fn temporary_name(target: &Path) -> (String, &'static str) {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (format!(".{name}.scoresheet-"), ".tmp")
}

/// Creates a new temporary file beside `target`, after removing those that processes which no
/// longer run left there.
fn temporary_beside(target: &Path) -> io::Result<(PathBuf, File)> {
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let (prefix, suffix) = temporary_name(target);
    remove_stale(dir, &prefix, suffix);
    let pid = std::process::id();
    let mut attempt = 0;
    loop {
        let temp = dir.join(format!("{prefix}{pid}-{attempt}{suffix}"));
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => attempt += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Removes the temporaries `PREFIX PID-N SUFFIX` in `dir` whose process is gone (a killed run's),
/// where the system says which processes run (`/proc`).
fn remove_stale(dir: &Path, prefix: &str, suffix: &str) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(prefix)?.strip_suffix(suffix))
            .and_then(|rest| rest.split('-').next()?.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Whether two paths name the same file (through links, either way).
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::metadata(a), fs::metadata(b)) {
        #[cfg(unix)]
        (Ok(a), Ok(b)) => {
            use std::os::unix::fs::MetadataExt;
            a.dev() == b.dev() && a.ino() == b.ino()
        }
        #[cfg(not(unix))]
        (Ok(_), Ok(_)) => fs::canonicalize(a).ok() == fs::canonicalize(b).ok(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("scoresheet-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn an_uncommitted_file_leaves_the_destination_and_no_temporary() {
        let dir = scratch("uncommitted");
        let path = dir.join("a.pgn");
        fs::write(&path, "old").unwrap();
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(b"new").unwrap();
        drop(file);
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        replace(&path, b"new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[test]
    fn temporaries_of_dead_processes_are_removed() {
        let dir = scratch("stale");
        let path = dir.join("a.pgn");
        // No process has the largest pid.
        let stale = dir.join(format!(".a.pgn.scoresheet-{}-0.tmp", u32::MAX));
        let other = dir.join(".b.pgn.scoresheet-4294967295-0.tmp");
        fs::write(&stale, "half").unwrap();
        fs::write(&other, "half").unwrap();
        replace(&path, b"whole").unwrap();
        assert!(!stale.exists() || !Path::new("/proc/self").exists());
        assert!(
            other.exists(),
            "another file's temporary is not ours to remove"
        );
    }

    #[test]
    fn special_files_are_written_as_they_are() {
        assert_eq!(replaceable(Path::new("/dev/null")).unwrap(), None);
        assert_eq!(replaceable(Path::new("/dev/stdout")).unwrap(), None);
        let dir = scratch("special");
        let new = dir.join("new.pgn");
        assert_eq!(replaceable(&new).unwrap(), Some(new.clone()));
    }
}
