/** What the business offers (issue 40): payment methods and amenities, shown on its page and in its JSON-LD. */
import { ATTRIBUTE_GROUPS, attributeGroupLabel, attributeLabel, PROFILE_ATTRIBUTES, type AttributeGroup, type ProfileAttribute } from '../../../shared/profile-attributes.ts';

export function AttributesSection({ chosen, setChosen }: { chosen: ProfileAttribute[]; setChosen: (chosen: ProfileAttribute[]) => void }) {
  const toggle = (key: ProfileAttribute) => setChosen(chosen.includes(key) ? chosen.filter((item) => item !== key) : [...chosen, key].sort());
  return (
    <>
      {(Object.keys(ATTRIBUTE_GROUPS) as AttributeGroup[]).map((group) => (
        <fieldset key={group} className="mt-5" data-testid={`attributes-${group}`}>
          <legend className="text-lg font-bold">{attributeGroupLabel(group)}</legend>
          <div className="flex flex-wrap gap-x-4">
            {(Object.entries(PROFILE_ATTRIBUTES) as [ProfileAttribute, (typeof PROFILE_ATTRIBUTES)[ProfileAttribute]][]).filter(([, attribute]) => attribute.group === group).map(([key]) => (
              <label key={key} className="flex items-center gap-1 py-1"><input type="checkbox" checked={chosen.includes(key)} onChange={() => toggle(key)} /> {attributeLabel(key)}</label>
            ))}
          </div>
        </fieldset>
      ))}
    </>
  );
}
