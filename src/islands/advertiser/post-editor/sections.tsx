/** The ad editor's sections, one per type of ad (issue 40): each registers the type's details in the form. */
import { useController, useFormContext } from 'react-hook-form';
import {
  BUYSELL_CONDITIONS, DEAL_METHODS, EDUCATION_LEVELS, HIREME_EXPERTISE, HIREME_RATES, HIREME_TYPES, JOB_LEVELS, JOB_TYPES, LANGUAGES,
} from '../../../shared/constants.ts';
import { useStates } from '../../forms.tsx';
import { FieldErrors } from '../gate.tsx';
import { ChecksField, ChoiceField, FlagField, messagesAt, TextField } from '../profile-editor/fields.tsx';
import { RichTextEditor } from '../RichTextEditor.tsx';
import type { AdForm } from './ad-form.ts';

/** A long text (rich: paragraphs, bold, italic, lists, links). */
function RichField({ name, label }: { name: 'service.description' | 'buysell.description' | 'job.requirements' | 'job.responsibilities' | 'job.benefits' | 'hireme.skill' | 'hireme.experience'; label: string }) {
  const { control, formState: { errors } } = useFormContext<AdForm>();
  const { field } = useController({ control, name });
  return <RichTextEditor id={name.replace('.', '-')} label={label} value={field.value} onChange={field.onChange} errors={messagesAt(errors, name)} />;
}

/** The messages of a whole section the server refused (its 422 names the section: 'job', 'service'). */
function SectionErrors({ name }: { name: 'job' | 'service' | 'hireme' | 'buysell' }) {
  const { formState: { errors } } = useFormContext<AdForm>();
  const own = errors[name]?.message;
  return <FieldErrors id={name} errors={typeof own === 'string' && own !== '' ? [own] : undefined} />;
}

export function ServiceSection() {
  return (
    <fieldset className="mt-5">
      <legend className="text-lg font-bold">Service</legend>
      <RichField name="service.description" label="Description" />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <TextField name="service.price_min" label="Price from (RM; empty: negotiable)" kind="number" />
        <TextField name="service.price_max" label="Price to (RM)" kind="number" />
      </div>
      <SectionErrors name="service" />
    </fieldset>
  );
}

export function JobSection() {
  return (
    <fieldset className="mt-5">
      <legend className="text-lg font-bold">Job</legend>
      <ChecksField name="job.type" label="Job type" options={JOB_TYPES} />
      <ChoiceField name="job.level" label="Level" options={JOB_LEVELS} />
      <ChecksField name="job.qualification" label="Qualification" options={EDUCATION_LEVELS} />
      <RichField name="job.requirements" label="Requirements" />
      <RichField name="job.responsibilities" label="Responsibilities" />
      <RichField name="job.benefits" label="Benefits" />
      <div className="grid gap-x-3 sm:grid-cols-3">
        <TextField name="job.salary_min" label="Salary from (RM)" kind="number" />
        <TextField name="job.salary_max" label="Salary to (RM)" kind="number" />
        <ChoiceField name="job.salary_type" label="Salary per" options={{ month: 'Month', year: 'Year' }} />
      </div>
      <FlagField name="job.company_confidential" label="Company confidential (salary hidden)" />
      <FlagField name="job.document_resume_cv" label="Applicants must send a CV" />
      <FlagField name="job.remote" label="Remote work (from home)" />
      <TextField name="job.expires_on" label="Applications close (within 30 days)" type="date" />
      <SectionErrors name="job" />
    </fieldset>
  );
}

export function HiremeSection() {
  const states = useStates();
  return (
    <fieldset className="mt-5">
      <legend className="text-lg font-bold">About you</legend>
      <ChecksField name="hireme.type" label="Available for" options={HIREME_TYPES} />
      <ChoiceField name="hireme.expertise" label="Expertise" options={HIREME_EXPERTISE} />
      <ChoiceField name="hireme.rate" label="Rate" options={HIREME_RATES} />
      <TextField name="hireme.expected_salary" label="Expected pay (RM)" kind="number" />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <TextField name="hireme.city" label="Town you work in" kind="nullable" />
        <ChoiceField name="hireme.state" label="State" options={{ '': 'Choose…', ...Object.fromEntries(states.map((state) => [state.name, state.name])) }} />
      </div>
      <RichField name="hireme.skill" label="Skills" />
      <RichField name="hireme.experience" label="Experience" />
      <TextField name="hireme.education" label="Education" />
      <ChecksField name="hireme.language" label="Languages" options={Object.fromEntries(LANGUAGES.map((language) => [language, language]))} />
      <SectionErrors name="hireme" />
    </fieldset>
  );
}

export function BuysellSection() {
  return (
    <fieldset className="mt-5">
      <legend className="text-lg font-bold">Buy or sell</legend>
      <ChoiceField name="buysell.type" label="I want to" options={{ sell: 'Sell', buy: 'Buy' }} />
      <ChoiceField name="buysell.condition" label="Condition" options={BUYSELL_CONDITIONS} />
      <TextField name="buysell.brand" label="Brand" kind="nullable" />
      <ChecksField name="buysell.method" label="Deal methods" options={DEAL_METHODS} />
      <div className="grid gap-x-3 sm:grid-cols-3">
        <TextField name="buysell.price_min" label="Price (RM)" kind="number" />
        <TextField name="buysell.op" label="Original price (RM)" kind="number" />
        <TextField name="buysell.qty" label="Quantity" kind="number" />
      </div>
      <RichField name="buysell.description" label="Description" />
      <SectionErrors name="buysell" />
    </fieldset>
  );
}
