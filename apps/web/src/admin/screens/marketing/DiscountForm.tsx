import { useParams } from 'react-router';
import { usePhrase } from '../../../lib/phrases';
import { discountFieldsFor } from '../../resources/marketing/shared';
import { type Field, listPath, type ResourceDefinition, type ResourceFormScreenProps } from '../../resources/types';
import { DeclaredForm } from '../content/DeclaredForm';

type Row = Record<string, unknown>;

/**
 * The declared add/edit form of an offer or a coupon, showing the percentage fields or the amount
 * field by the chosen kind of discount. `adjust` changes a field for add or edit.
 */
export function DiscountForm({
  entry,
  mode,
  resource,
  adjust = (field) => field,
}: ResourceFormScreenProps & { resource: ResourceDefinition; adjust?: (field: Field, mode: 'add' | 'edit') => Field }) {
  const phrase = usePhrase();
  const id = Object.values(useParams())[0];
  const thing = phrase(entry.singular);
  const fields = resource.form.fields.map((field) => adjust(field, mode));
  return (
    <DeclaredForm
      title={mode === 'add' ? phrase('Add {{thing}}', { thing }) : phrase('Edit {{thing}}', { thing })}
      api={resource.api}
      id={mode === 'edit' ? id : undefined}
      contract={resource.contract}
      fields={(values: Row) => discountFieldsFor(fields, values)}
      back={{ to: listPath(entry), label: phrase('Back to {{list}}', { list: phrase(entry.title) }) }}
      submitLabel={mode === 'edit' ? phrase('Save changes') : phrase('Add {{thing}}', { thing })}
    />
  );
}
