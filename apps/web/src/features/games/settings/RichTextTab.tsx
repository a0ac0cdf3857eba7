import { RichTextEditor } from '../../../components/RichTextEditor';
import { useGameFormContext } from './form-context';

type RichTextField = 'description' | 'terms' | 'instructions';

/** One of the rich-text settings (Description, Terms, Instructions) on its own tab. */
export function RichTextTab({
  field,
  label,
  hint,
  required,
  readOnly,
  placeholder,
}: {
  field: RichTextField;
  label: string;
  hint: string;
  required?: boolean;
  readOnly: boolean;
  placeholder?: string;
}) {
  const form = useGameFormContext();
  return (
    <RichTextEditor
      label={label}
      description={hint}
      withAsterisk={required}
      readOnly={readOnly}
      value={form.values[field]}
      onChange={(html) => form.setFieldValue(field, html)}
      error={form.errors[field]}
      minHeight={320}
      placeholder={placeholder}
    />
  );
}
