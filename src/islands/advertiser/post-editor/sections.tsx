/** The ad editor's sections, one per type of ad (issue 40): each registers the type's details in the form. */
import { useController, useFormContext } from 'react-hook-form';
import { optionLabels } from '../../../shared/option-labels.ts';
import * as m from '../../../paraglide/messages.js';
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
      <legend className="text-lg font-bold">{m.adv_service()}</legend>
      <RichField name="service.description" label={m.adv_description()} />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <TextField name="service.price_min" label={m.adv_price_from()} kind="number" />
        <TextField name="service.price_max" label={m.adv_price_to()} kind="number" />
      </div>
      <SectionErrors name="service" />
    </fieldset>
  );
}

export function JobSection() {
  return (
    <fieldset className="mt-5">
      <legend className="text-lg font-bold">{m.adv_job()}</legend>
      <ChecksField name="job.type" label={m.adv_job_type()} options={optionLabels('job_type')} />
      <ChoiceField name="job.level" label={m.adv_level()} options={optionLabels('job_level')} />
      <ChecksField name="job.qualification" label={m.adv_qualification()} options={optionLabels('qualification')} />
      <RichField name="job.requirements" label={m.adv_requirements()} />
      <RichField name="job.responsibilities" label={m.adv_responsibilities()} />
      <RichField name="job.benefits" label={m.adv_benefits()} />
      <div className="grid gap-x-3 sm:grid-cols-3">
        <TextField name="job.salary_min" label={m.adv_salary_from()} kind="number" />
        <TextField name="job.salary_max" label={m.adv_salary_to()} kind="number" />
        <ChoiceField name="job.salary_type" label={m.adv_salary_per()} options={{ month: m.adv_month(), year: m.adv_year() }} />
      </div>
      <FlagField name="job.company_confidential" label={m.adv_company_confidential()} />
      <FlagField name="job.document_resume_cv" label={m.adv_cv_required()} />
      <FlagField name="job.remote" label={m.adv_remote()} />
      <TextField name="job.expires_on" label={m.adv_applications_close()} type="date" />
      <SectionErrors name="job" />
    </fieldset>
  );
}

export function HiremeSection() {
  const states = useStates();
  return (
    <fieldset className="mt-5">
      <legend className="text-lg font-bold">{m.adv_about_you()}</legend>
      <ChecksField name="hireme.type" label={m.adv_available_for()} options={optionLabels('hireme_type')} />
      <ChoiceField name="hireme.expertise" label={m.adv_expertise()} options={optionLabels('hireme_expertise')} />
      <ChoiceField name="hireme.rate" label={m.adv_rate()} options={optionLabels('hireme_rate')} />
      <TextField name="hireme.expected_salary" label={m.adv_expected_pay()} kind="number" />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <TextField name="hireme.city" label={m.adv_town_you_work()} kind="nullable" />
        <ChoiceField name="hireme.state" label={m.adv_state()} options={{ '': m.adv_choose(), ...Object.fromEntries(states.map((state) => [state.name, state.name])) }} />
      </div>
      <RichField name="hireme.skill" label={m.adv_skills()} />
      <RichField name="hireme.experience" label={m.adv_experience()} />
      <TextField name="hireme.education" label={m.adv_education()} />
      <ChecksField name="hireme.language" label={m.adv_languages()} options={optionLabels('language')} />
      <SectionErrors name="hireme" />
    </fieldset>
  );
}

export function BuysellSection() {
  return (
    <fieldset className="mt-5">
      <legend className="text-lg font-bold">{m.adv_buy_or_sell()}</legend>
      <ChoiceField name="buysell.type" label={m.adv_i_want_to()} options={{ sell: m.option_sell(), buy: m.option_buy() }} />
      <ChoiceField name="buysell.condition" label={m.adv_condition()} options={optionLabels('condition')} />
      <TextField name="buysell.brand" label={m.adv_brand()} kind="nullable" />
      <ChecksField name="buysell.method" label={m.adv_deal_methods()} options={optionLabels('method')} />
      <div className="grid gap-x-3 sm:grid-cols-3">
        <TextField name="buysell.price_min" label={m.adv_price_rm()} kind="number" />
        <TextField name="buysell.op" label={m.adv_original_price()} kind="number" />
        <TextField name="buysell.qty" label={m.adv_quantity()} kind="number" />
      </div>
      <RichField name="buysell.description" label={m.adv_description()} />
      <SectionErrors name="buysell" />
    </fieldset>
  );
}
