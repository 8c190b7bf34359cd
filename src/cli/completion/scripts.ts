/**
 * The shell side of completion, kept small on purpose: each script passes the words typed after
 * `mol` to the hidden `mol __complete -- <words>` and offers what it prints, one candidate a line;
 * a last line `:file` or `:dir` means "file (or folder) names too". Everything else — verbs,
 * options, molecule and step ids — comes from the verbs' descriptors and the local store.
 */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

const BASH = `# mol completion for bash. Load it now:   source <(mol completion bash)
# or for every shell:  mol completion bash > ~/.local/share/bash-completion/completions/mol
_mol_complete() {
  local cur=\${COMP_WORDS[COMP_CWORD]} IFS=$'\\n' files='' last
  local -a out
  out=($(mol __complete -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
  if [[ \${#out[@]} -gt 0 ]]; then
    last=\${out[\${#out[@]}-1]}
    if [[ $last == :* ]]; then files=\${last#:}; unset "out[\${#out[@]}-1]"; fi
  fi
  COMPREPLY=("\${out[@]}")
  if [[ -n $files ]]; then
    compopt -o filenames 2>/dev/null
    if [[ $files == dir ]]; then COMPREPLY+=($(compgen -d -- "$cur")); else COMPREPLY+=($(compgen -f -- "$cur")); fi
  fi
}
complete -F _mol_complete mol
`;

const ZSH = `#compdef mol
# mol completion for zsh. Load it now:   source <(mol completion zsh)   (after compinit)
# or for every shell:  mol completion zsh > "\${fpath[1]}/_mol"
_mol() {
  local -a out
  local files=''
  out=("\${(@f)$(mol __complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  out=(\${out:#})
  if [[ \${out[-1]} == :* ]]; then files=\${out[-1]#:}; out[-1]=(); fi
  (( \${#out} )) && compadd -- "\${out[@]}"
  if [[ $files == dir ]]; then _files -/; elif [[ $files == file ]]; then _files; fi
}
if [[ "\${funcstack[1]}" == _mol ]]; then _mol "$@"; else compdef _mol mol; fi
`;

const FISH = `# mol completion for fish. Load it now:   mol completion fish | source
# or for every shell:  mol completion fish > ~/.config/fish/completions/mol.fish
function __mol_complete
    set -l words (commandline -opc)
    set -e words[1]
    set -l current (commandline -ct)
    set -l out (mol __complete -- $words "$current" 2>/dev/null)
    set -l files
    if test (count $out) -gt 0; and string match -q ':*' -- $out[-1]
        set files (string sub -s 2 -- $out[-1])
        set -e out[-1]
    end
    printf '%s\\n' $out
    if test "$files" = dir
        __fish_complete_directories "$current"
    else if test "$files" = file
        __fish_complete_path "$current"
    end
end
complete -c mol -f -a '(__mol_complete)'
`;

export function completionScript(shell: Shell): string {
  return { bash: BASH, zsh: ZSH, fish: FISH }[shell];
}
