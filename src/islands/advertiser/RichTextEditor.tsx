/**
 * A small rich-text editor for an About or a long description (issue 40), on Tiptap: paragraphs, bold, italic,
 * bulleted and numbered lists, and links; nothing else (no headings, code, images or styles), so what it makes passes
 * the server's one allow-list unchanged (catalog/html.ts). Stored plain text opens as paragraphs.
 */
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState } from 'react';
import { asHtml, linkHref } from '../../shared/rich-text.ts';
import { FieldErrors } from './gate.tsx';
import * as m from '../../paraglide/messages.js';

const button = 'rounded border border-gray-400 px-2 py-1 text-sm font-semibold aria-pressed:bg-gray-800 aria-pressed:text-white';

export function RichTextEditor({ id, label, value, onChange, errors, hint }: {
  id: string; label: string; value: string; onChange: (html: string) => void; errors?: string[] | undefined; hint?: string;
}) {
  const labelId = useId();
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('https://');
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [StarterKit.configure({
      heading: false, blockquote: false, code: false, codeBlock: false, horizontalRule: false, strike: false, underline: false,
      link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'], HTMLAttributes: { rel: 'nofollow noopener', target: null } },
    })],
    content: asHtml(value),
    editorProps: {
      attributes: {
        id, role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId, class: 'rich-text min-h-32 px-3 py-2 focus:outline-none',
        ...(errors?.length ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  // A value loaded after the editor started (the business arrives from the API) replaces its content.
  useEffect(() => {
    if (editor && !editor.isFocused && asHtml(value) !== editor.getHTML() && !(value === '' && editor.isEmpty)) editor.commands.setContent(asHtml(value), { emitUpdate: false });
  }, [editor, value]);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false, italic: current?.isActive('italic') ?? false, bullets: current?.isActive('bulletList') ?? false,
      numbers: current?.isActive('orderedList') ?? false, link: current?.isActive('link') ?? false,
    }),
  });
  function applyLink() {
    if (!editor) return;
    const target = href.trim();
    if (target === '' || target === 'https://') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: linkHref(target) }).run();
    setLinking(false);
  }
  return (
    <div className="mt-3">
      <span id={labelId} className="block font-semibold">{label}</span>
      {hint && <p className="text-sm text-gray-700">{hint}</p>}
      <div className="mt-1 rounded border border-gray-400">
        <div role="toolbar" aria-label={m.adv_formatting()} className="flex flex-wrap gap-1 border-b border-gray-300 p-1">
          <button type="button" className={button} aria-pressed={active?.bold ?? false} onClick={() => editor?.chain().focus().toggleBold().run()}>{m.adv_bold()}</button>
          <button type="button" className={button} aria-pressed={active?.italic ?? false} onClick={() => editor?.chain().focus().toggleItalic().run()}>{m.adv_italic()}</button>
          <button type="button" className={button} aria-pressed={active?.bullets ?? false} onClick={() => editor?.chain().focus().toggleBulletList().run()}>{m.adv_bullets()}</button>
          <button type="button" className={button} aria-pressed={active?.numbers ?? false} onClick={() => editor?.chain().focus().toggleOrderedList().run()}>{m.adv_numbers()}</button>
          <button type="button" className={button} aria-pressed={active?.link ?? false} aria-expanded={linking} onClick={() => {
            setHref(editor?.getAttributes('link').href ?? 'https://');
            setLinking((open) => !open);
          }}>{m.adv_link()}</button>
        </div>
        {linking && (
          <div className="flex flex-wrap items-center gap-2 border-b border-gray-300 p-2">
            <label htmlFor={`${id}-link`} className="text-sm font-semibold">{m.adv_link_address()}</label>
            <input id={`${id}-link`} type="url" value={href} onChange={(event) => setHref(event.target.value)} className="min-w-0 flex-1 rounded border border-gray-400 px-2 py-1"
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyLink();
                }
              }} />
            <button type="button" className={button} onClick={applyLink}>{m.adv_apply()}</button>
          </div>
        )}
        <EditorContent editor={editor} />
      </div>
      <FieldErrors id={id} errors={errors} />
    </div>
  );
}
