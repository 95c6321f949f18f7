//! The conventions a user of ripgrep and other clap tools expects of `gbr`, through the real
//! binary: `-V`, help without rustdoc syntax, `--generate` for completions and the man page,
//! and a progress bar that keeps off a terminal that a pager shares.

use std::process::Command as Process;

use assert_cmd::Command;

use crate::support::gbr::GBR;
const SUBCOMMANDS: [&str; 7] = [
    "decode", "encode", "check", "scan", "index", "lookup", "merge",
];

/// stdout of `gbr ARGS...`, which must exit 0.
#[track_caller]
fn stdout_of(args: &[&str]) -> String {
    let out = Command::new(GBR).args(args).output().expect("run gbr");
    assert_eq!(out.status.code(), Some(0), "gbr {args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("UTF-8 stdout")
}

#[test]
fn dash_v_prints_the_version() {
    assert_eq!(
        stdout_of(&["-V"]),
        format!("gbr {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn gbr_alone_prints_the_help_and_exits_2() {
    let out = Command::new(GBR).output().expect("run gbr");
    assert_eq!(out.status.code(), Some(2));
    let help = String::from_utf8(out.stderr).expect("UTF-8");
    for name in SUBCOMMANDS {
        assert!(help.contains(name), "{name} missing from\n{help}");
    }
}

#[test]
fn no_help_text_shows_rustdoc_link_syntax() {
    let mut pages = vec![stdout_of(&["--help"])];
    for name in SUBCOMMANDS {
        pages.push(stdout_of(&[name, "--help"]));
    }
    for page in pages {
        assert!(!page.contains("[`"), "rustdoc link in\n{page}");
        assert!(!page.contains("`]"), "rustdoc link in\n{page}");
    }
}

#[test]
fn bash_completions_name_every_subcommand_and_parse() {
    let script = stdout_of(&["--generate", "complete-bash"]);
    assert!(script.contains("_gbr()"), "{script}");
    for name in SUBCOMMANDS {
        assert!(script.contains(name), "{name} missing");
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("gbr.bash");
    std::fs::write(&path, &script).expect("write");
    let check = Process::new("bash")
        .arg("-n")
        .arg(&path)
        .status()
        .expect("bash");
    assert!(check.success(), "bash -n rejects the completion script");
}

#[test]
fn zsh_and_fish_completions_are_for_gbr() {
    assert!(stdout_of(&["--generate", "complete-zsh"]).starts_with("#compdef gbr"));
    let fish = stdout_of(&["--generate", "complete-fish"]);
    assert!(fish.contains("complete -c gbr"), "{fish}");
    assert!(fish.contains("scan"), "{fish}");
}

#[test]
fn the_man_page_is_roff_with_every_subcommand() {
    let man = stdout_of(&["--generate", "man"]);
    assert!(man.contains(".TH gbr 1"), "{man}");
    assert!(man.contains(".SH NAME"), "{man}");
    for name in SUBCOMMANDS {
        assert!(man.contains(name), "{name} missing from the man page");
    }
}

/// Whether `gbr ARGS...` (on a fixture with an error) wrote ANSI colour to its stdout, a pipe,
/// with the environment variables `env` set.
#[track_caller]
fn coloured(args: &[&str], env: &[(&str, &str)]) -> bool {
    let mut cmd = Command::new(GBR);
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE");
    for (key, value) in env {
        cmd.env(key, value);
    }
    let out = cmd.args(args).output().expect("run gbr");
    assert_eq!(out.status.code(), Some(1), "gbr {args:?}: {out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.contains("error[men-count]"), "{text}");
    text.contains("\x1b[")
}

/// Arguments, environment variables, and whether the output is coloured.
type Case = (
    &'static [&'static str],
    &'static [(&'static str, &'static str)],
    bool,
);

#[test]
fn color_is_one_global_flag_and_no_color_is_honoured() {
    const BODY: &str = "fixtures/check/body.txt";
    let cases: [Case; 8] = [
        (&["check", BODY], &[], false),
        (&["check", "--color", "always", BODY], &[], true),
        (&["--color", "always", "check", BODY], &[], true),
        (&["--color=never", "check", BODY], &[], false),
        (&["check", "--color", "auto", BODY], &[], false),
        (
            &["check", "--color", "always", BODY],
            &[("NO_COLOR", "1")],
            true,
        ),
        (&["check", BODY], &[("CLICOLOR_FORCE", "1")], true),
        (
            &["check", BODY],
            &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")],
            false,
        ),
    ];
    for (args, env, expected) in cases {
        assert_eq!(coloured(args, env), expected, "gbr {args:?} with {env:?}");
    }
}

#[test]
fn color_takes_auto_always_or_never_only() {
    let out = Command::new(GBR)
        .args(["--color", "sometimes", "decode", "0323.12"])
        .output()
        .expect("run gbr");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert!(
        err.contains("[possible values: auto, always, never]"),
        "{err}"
    );
}

#[test]
fn generate_goes_alone() {
    let out = Command::new(GBR)
        .args(["--generate", "man", "scan"])
        .output()
        .expect("run gbr");
    assert_eq!(out.status.code(), Some(2));
}

/// What a terminal shows while `command` runs in a shell whose standard streams are a
/// pseudo-terminal (util-linux `script`). `None`, said on stderr, where `script` is missing.
fn on_a_terminal(command: &str) -> Option<String> {
    let out = Process::new("script")
        .args(["-qec", command, "/dev/null"])
        .env("GBR", GBR)
        .output();
    match out {
        Ok(out) => Some(String::from_utf8_lossy(&out.stdout).into_owned()),
        Err(err) => {
            eprintln!(
                "skipped: util-linux `script` cannot run ({err}); the terminal was not tested"
            );
            None
        }
    }
}

/// The scan lasts three seconds (stdin waits), past the bar's one-second delay.
const SLOW_SCAN: &str = "sleep 3 | \"$GBR\" scan --progress auto -";

#[test]
fn progress_auto_draws_when_stdout_is_a_file() {
    let Some(screen) = on_a_terminal(&format!("{SLOW_SCAN} > /dev/null")) else {
        return;
    };
    assert!(screen.contains("B/s"), "no bar on the terminal: {screen:?}");
}

#[test]
fn progress_auto_stays_off_a_terminal_shared_with_a_pager() {
    let Some(screen) = on_a_terminal(&format!("{SLOW_SCAN} | cat > /dev/null")) else {
        return;
    };
    assert!(!screen.contains("B/s"), "a bar under a pager: {screen:?}");
}
