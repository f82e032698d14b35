/*
 * Finding the command on PATH before the clock starts (overhead's forking helper).
 *
 * execvp searches PATH inside the child, one execve per directory until one succeeds: on a machine
 * whose PATH has eight directories before /usr/bin, eight failed execve calls inside the measured
 * interval, for every run. Where the command is in the first directory is not the command's cost,
 * so the helper looks once per (name, PATH, working directory), before the clock starts, and the
 * child calls execve on what was found. execvp's rules are kept: a name with a slash, an empty
 * name and an environment without PATH are left to execvp; a directory where execve would fail
 * with EACCES, ENOENT or ENOTDIR is passed over as execvp passes it over; any other doubt (a
 * symbolic-link loop, a name too long) leaves the search to execvp. The child falls back to
 * execvp whenever the execve of what was found fails (the file was removed, or is a script
 * without #! that execvp runs with /bin/sh), so what runs is always what execvp would run.
 */
#ifndef OVERHEAD_PATH_H
#define OVERHEAD_PATH_H

/* The path to give execve for the command name under the environment envp (its PATH) with the
 * working directory cwd ("" for the helper's own), or NULL where execvp must search (nothing
 * found, or a case left to it). The string stays valid until path_forget is called on it. */
const char *path_resolve(const char *name, char *const *envp, const char *cwd);

/* Drops a path that path_resolve returned (its execve failed): the next run searches again. */
void path_forget(const char *found);

#endif
