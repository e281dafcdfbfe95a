import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { yaml, yamlFrontmatter } from '@codemirror/lang-yaml';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { darkHighlightStyle } from './dark-highlight-style';

/** The languages the editor highlights, chosen from a file's name. */
export type EditorLanguage = 'markdown' | 'yaml' | 'plain';

/** `SKILL.md`, `*.md` → Markdown; `*.yaml`/`*.yml` → YAML; anything else plain text. */
export function languageOf(path: string): EditorLanguage {
  const lower = path.toLowerCase();
  if (lower.endsWith('.md') || lower.endsWith('.markdown')) return 'markdown';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  return 'plain';
}

function languageExtension(language: EditorLanguage): Extension {
  // A SKILL.md is YAML frontmatter over Markdown: each part gets its own highlighting.
  return language === 'markdown'
    ? yamlFrontmatter({ content: markdown() })
    : language === 'yaml'
      ? yaml()
      : [];
}

function themeExtension(dark: boolean): Extension {
  const colours = EditorView.theme(
    {
      '&': {
        backgroundColor: 'var(--mantine-color-body)',
        color: 'var(--mantine-color-text)',
        fontSize: '14px',
      },
      '.cm-gutters': {
        backgroundColor: 'var(--mantine-color-default)',
        color: 'var(--mantine-color-dimmed)',
        borderRight: '1px solid var(--mantine-color-default-border)',
      },
      '.cm-content': {
        fontFamily: 'var(--mantine-font-family-monospace)',
        caretColor: 'var(--mantine-color-text)',
      },
      '.cm-activeLine': { backgroundColor: 'transparent' },
    },
    { dark },
  );
  return [colours, syntaxHighlighting(dark ? darkHighlightStyle : defaultHighlightStyle, { fallback: true })];
}

interface CodeEditorProps {
  /** Which file is open: a new path starts a new editor state (its own undo history). */
  readonly path: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly label: string;
  readonly dark: boolean;
  readonly readOnly?: boolean;
}

/** CodeMirror 6 on one file (loaded in its own chunk, never on the first page). */
export default function CodeEditor({
  path,
  value,
  onChange,
  label,
  dark,
  readOnly = false,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const theme = useRef(new Compartment());
  const valueRef = useRef(value);
  valueRef.current = value;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is made anew only when another file opens
  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: valueRef.current,
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          languageExtension(languageOf(path)),
          theme.current.of(themeExtension(dark)),
          EditorView.lineWrapping,
          EditorState.readOnly.of(readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [path, readOnly, label]);

  useEffect(() => {
    view.current?.dispatch({ effects: theme.current.reconfigure(themeExtension(dark)) });
  }, [dark]);

  // A value replaced from outside (a reload) is shown; the user's own typing already matches.
  useEffect(() => {
    const editor = view.current;
    if (editor === null) return;
    const current = editor.state.doc.toString();
    if (current !== value) editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  return <div ref={host} className="code-editor" data-testid="code-editor" />;
}
