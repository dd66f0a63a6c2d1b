import { defineDiffRule, type DiffResult, type SchemaContext, type SchemaView } from '../diff-rule.js';
import { capitalize, constraintChanges, formatChange, missingFrom, nullChange, perSecurityPair, satisfies, showList, typeChange, typeText, memberName } from '../lib/compat.js';

/** Changes that admit more in requests or less in responses: clients keep working. */
function schemaChanges(base: SchemaView, revision: SchemaView, context: SchemaContext): DiffResult[] {
  const request = context.direction === 'request';
  const label = capitalize(context.label);
  const out: DiffResult[] = [];
  const at = (loc = revision.loc, message: string) => out.push({ side: 'revision', loc, message });
  const where = request ? 'in requests' : 'in responses';
  const { gained, lost } = typeChange(base, revision);
  if ((request ? gained : lost).length > 0 && (request ? lost : gained).length === 0) at(revision.loc, `${label} changed from ${typeText(base)} to ${typeText(revision)} ${where}.`);
  const format = formatChange(base, revision);
  if (format?.change === (request ? 'wider' : 'narrower') && gained.length === 0 && lost.length === 0) {
    at(revision.format?.loc, `${label} changed from ${format.from ? `format ${format.from}` : 'no format'} to ${format.to ? `format ${format.to}` : 'no format'} ${where}.`);
  }
  const nulls = nullChange(base, revision, context);
  if (nulls === (request ? 'gained' : 'lost')) at(revision.loc, `${label} ${request ? 'now accepts null' : 'is no longer null'} ${where}.`);
  for (const c of constraintChanges(base, revision)) {
    // Dropping `additionalProperties: false` from a response is a compatible extension (Zalando #111).
    if (request ? !c.tighter : c.tighter || c.name === 'additionalProperties') at(c.loc, `${label} has a ${c.tighter ? 'stricter' : 'looser'} ${c.name} ${where} (${c.text}).`);
  }
  if (request && base.enum && !revision.enum && !revision.extensibleEnum) at(revision.loc, `${label} is no longer limited to its enum values ${where}.`);
  if (!request && base.enum) {
    const now = revision.enum ?? revision.extensibleEnum;
    const removed = now ? missingFrom(base.enum.value, now.value) : [];
    if (removed.length > 0) at(now!.loc, `${label} is no longer ${showList(removed)} ${where}.`);
    if (revision.extensibleEnum && !revision.enum && now && missingFrom(now.value, base.enum.value).length === 0) at(now.loc, `${label} became an extensible enum ${where}: clients must accept values they do not know from now on.`);
  }
  if (!request && !base.enum && !base.extensibleEnum && revision.enum) at(revision.enum.loc, `${label} is now limited to ${showList(revision.enum.value)} ${where}.`);
  return out;
}

/** Every old way to authenticate still works, and something more (or less in scopes) is accepted. */
const isRelaxed = perSecurityPair(({ alternatives: before }, { alternatives: after }) => {
  const kept = before.every(held => after.some(needed => satisfies(held, needed)));
  return kept && after.some(needed => !before.some(held => satisfies(needed, held) && satisfies(held, needed)));
});

export default defineDiffRule({
  id: 'api-compatible-change',
  severity: 'info',
  ref: '9.3',
  zalando: [107, 108],
  description: 'A change that keeps clients working: inputs accept more (optional now, wider type, looser constraint), outputs promise more (required now, never null, narrower), security relaxed, an `operationId` renamed.',
  rationale:
    'Narrowing what a client may send and widening what it may receive break clients (guideline 9.3); the opposite directions do not. A reviewer still reads them, as a changelog: this rule lists them so that `--fail-severity` left at `error` passes while the report stays complete. ' +
    'A renamed `operationId` is listed here: the wire format is unchanged, but generated client code changes its names.',
  examples: {
    base: 'parameters:\n  - {name: currency, in: query, required: true, schema: {type: string}}\n',
    revision: 'parameters:\n  - {name: currency, in: query, schema: {type: string}}\n',
  },
  visit: {
    operation({ base, revision }) {
      if (!base?.operationId || !revision?.operationId || base.operationId.value === revision.operationId.value) return;
      return { side: 'revision', loc: revision.operationId.loc, message: `The operationId of ${revision.name} changed from "${base.operationId.value}" to "${revision.operationId.value}": generated client code changes its names (the wire format does not).` };
    },
    parameter({ base, revision }, context) {
      if (!base?.required || !revision || revision.required || base.in !== revision.in) return;
      return { side: 'revision', loc: revision.loc, message: `${revision.formField ? 'Form field' : 'Parameter'} "${revision.name}" (${revision.in}) of ${context.operation.revision?.name} is no longer required.` };
    },
    requestBody({ base, revision }, context) {
      if (!base?.required || !revision || revision.required) return;
      return { side: 'revision', loc: revision.loc, message: `The request body of ${context.operation.revision?.name} is no longer required.` };
    },
    property({ base, revision }, context) {
      if (!base || !revision || base.required === revision.required) return;
      const label = capitalize(context.propertyLabel(revision.name));
      if (context.direction === 'request' && !revision.required) return { side: 'revision', loc: revision.loc, message: `${label} is no longer required in requests.` };
      if (context.direction === 'response' && revision.required) return { side: 'revision', loc: revision.requiredAt ?? revision.loc, message: `${label} is now required in responses (always present).` };
      return;
    },
    schema({ base, revision }, context) {
      return schemaChanges(base, revision, context);
    },
    variant({ base, revision }, context) {
      if (context.direction !== 'response' || !base || revision) return;
      return { side: 'base', loc: base.at ?? base.loc, message: `${capitalize(context.label)} is no longer ${memberName(base)} in responses (a oneOf/anyOf member removed).` };
    },
    security({ base, revision }, context) {
      const before = base.alternatives;
      const after = revision.alternatives;
      const op = context.operation.revision?.name;
      if (before.length > 0 && after.length === 0) return { side: 'revision', loc: revision.loc, message: `${op} no longer requires authentication.` };
      if (before.length > 0 && isRelaxed(base, revision)) return { side: 'revision', loc: revision.loc, message: `${op} accepts more ways to authenticate (or fewer scopes) than before.` };
      return;
    },
  },
});
