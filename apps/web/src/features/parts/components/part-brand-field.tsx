import { BRAND_KINDS, brandsTexts, type BrandKind } from '@pitstop/core/brands-texts';
import { searchTexts } from '@pitstop/core/search';
import { FormField, inputClass } from '@/components/ui/form-field';
import type { PartFormApi } from './part-form-values';

/** A brand the part form offers (GET /api/brands answers them; the route passes them in). */
export interface BrandChoice {
  name: string;
  kind: BrandKind;
}

interface PartBrandFieldProps {
  form: PartFormApi;
  brands: readonly BrandChoice[];
}

/**
 * The part's brand: one of the shop's brands (brands are data), OEM makers and aftermarket brands
 * in two groups. A native select, so typing a brand's first letters jumps to it, on a phone too.
 */
export function PartBrandField({ form, brands }: PartBrandFieldProps) {
  const current = form.formState.defaultValues?.brand ?? '';
  // The edited part's brand is offered even if the list no longer has it (deleted meanwhile).
  const choices =
    current && !brands.some((b) => b.name === current)
      ? [...brands, { name: current, kind: 'aftermarket' as const }]
      : brands;
  return (
    <FormField label={searchTexts.brand} error={form.formState.errors.brand?.message}>
      {(control) => (
        <select {...control} {...form.register('brand')} defaultValue={current} className={inputClass}>
          <option value="">{brandsTexts.chooseBrand}</option>
          {BRAND_KINDS.map((kind) => {
            const group = choices.filter((b) => b.kind === kind);
            return group.length ? (
              <optgroup key={kind} label={brandsTexts.kindNames[kind]}>
                {group.map((brand) => (
                  <option key={brand.name} value={brand.name}>
                    {brand.name}
                  </option>
                ))}
              </optgroup>
            ) : null;
          })}
        </select>
      )}
    </FormField>
  );
}
