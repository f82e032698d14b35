package dev.overhead.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Shell completion generated from the same picocli model as the help and the man pages, so the three
 * cannot disagree. bash is picocli's own script; zsh runs that script through bashcompinit; fish has
 * no picocli generator, so {@link FishCompletion} writes one from the model.
 */
@Command(
        name = "completion",
        description = {
            "Print the shell completion script for bash, zsh or fish.",
            "  source <(overhead completion bash)                 in ~/.bashrc",
            "  source <(overhead completion zsh)                  in ~/.zshrc, after compinit",
            "  overhead completion fish | source                  in ~/.config/fish/config.fish"
        })
final class CompletionCommand implements Callable<Integer> {
    enum Shell {
        bash,
        zsh,
        fish
    }

    @Parameters(paramLabel = "SHELL", description = "bash, zsh or fish.")
    Shell shell;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        var root = spec.root().commandLine();
        String name = spec.root().name();
        String script = switch (shell) {
            case bash -> AutoComplete.bash(name, root);
            case zsh -> zsh(AutoComplete.bash(name, root), name);
            case fish -> FishCompletion.script(spec.root());
        };
        spec.commandLine().getOut().print(script);
        spec.commandLine().getOut().flush();
        return 0;
    }

    /**
     * The bash script under zsh: sourced from ~/.zshrc it registers itself through bashcompinit;
     * installed as {@code _overhead} in a directory on {@code fpath}, compinit autoloads it on the first
     * TAB, when it registers itself and then completes that TAB too.
     */
    static String zsh(String bash, String name) {
        String function = "_complete_" + name;
        return "#compdef " + name + "\n"
                + "# zsh completion for " + name + ": picocli's bash completion run through bashcompinit.\n"
                + "autoload -U +X bashcompinit && bashcompinit\n"
                + bash
                + "\n# Autoloaded as _" + name + " by compinit: complete the TAB that loaded this file as well.\n"
                + "if [[ \"${funcstack[1]}\" == _" + name + " ]]; then\n"
                + "  _bash_complete -F " + function + "\n"
                + "fi\n";
    }
}
