import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { hasChildren, type SchemaFacts, type SchemaNode } from "@/lib/reference/schema-tree";
import { RequiredMark } from "./badges";
import { RichText } from "./rich-text";
import { TypeLabel } from "./type-label";

function Values({ label, values }: { label: string; values: string[] }) {
  if (values.length === 0) return null;
  return (
    <p className="flex flex-wrap items-baseline gap-1 text-xs text-muted-foreground">
      <span>{label}</span>
      {values.map((value, i) => (
        <code key={i} className="break-all rounded bg-muted px-1 py-0.5 text-foreground">
          {value}
        </code>
      ))}
    </p>
  );
}

/** Everything a schema says about its values besides structure. */
export function SchemaFactsView({ facts }: { facts: SchemaFacts }) {
  const flags = [
    facts.format && `format: ${facts.format}`,
    facts.deprecated && "deprecated",
    facts.readOnly && "read-only",
    facts.writeOnly && "write-only",
    ...facts.constraints,
  ].filter((flag): flag is string => typeof flag === "string");
  return (
    <>
      {facts.title ? <p className="text-sm font-medium">{facts.title}</p> : null}
      {facts.description ? <RichText text={facts.description} /> : null}
      {flags.length > 0 ? (
        <div className="flex flex-wrap gap-1">
          {flags.map((flag) => (
            <Badge key={flag} variant="outline" className="font-mono font-normal text-muted-foreground">
              {flag}
            </Badge>
          ))}
        </div>
      ) : null}
      <Values label="One of" values={facts.enumValues} />
      <Values label="Always" values={facts.constValue === undefined ? [] : [facts.constValue]} />
      <Values label="Default" values={facts.defaultValue === undefined ? [] : [facts.defaultValue]} />
      <Values label={facts.examples.length > 1 ? "Examples" : "Example"} values={facts.examples} />
    </>
  );
}

function Nested({ children }: { children: ReactNode }) {
  return <div className="mt-2 border-l pl-4">{children}</div>;
}

function Row({ name, required, node }: { name: ReactNode; required?: boolean; node: SchemaNode }) {
  return (
    <li className="flex flex-col gap-1 py-2">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <code className="text-sm font-medium text-foreground">{name}</code>
        <TypeLabel node={node} />
        {required ? <RequiredMark /> : null}
      </div>
      <SchemaFactsView facts={node.facts} />
      {hasChildren(node) ? (
        <Nested>
          <SchemaChildren node={node} />
        </Nested>
      ) : null}
    </li>
  );
}

/** The structure beneath a node: properties, items or variants. */
function SchemaChildren({ node }: { node: SchemaNode }) {
  switch (node.kind) {
    case "object":
      return (
        <ul className="divide-y">
          {node.properties.map((p) => (
            <Row key={p.name} name={p.name} required={p.required} node={p.node} />
          ))}
          {node.additional ? <Row name="[key: string]" node={node.additional} /> : null}
        </ul>
      );
    case "array":
      return (
        <ul className="divide-y">
          {node.tuple.map((item, i) => (
            <Row key={i} name={`[${i}]`} node={item} />
          ))}
          {node.items && hasChildren(node.items) ? <Row name="[]" node={node.items} /> : null}
        </ul>
      );
    case "composite":
      return (
        <ul className="divide-y">
          {node.variants.map((variant, i) => (
            <Row key={i} name={node.combinator === "allOf" ? `all of #${i + 1}` : `variant ${i + 1}`} node={variant} />
          ))}
        </ul>
      );
    default:
      return null;
  }
}

/** A schema at the top of a body or a component: its type, facts, then its structure. */
export function SchemaTree({ node, showType = true }: { node: SchemaNode; showType?: boolean }) {
  return (
    <div className="flex flex-col gap-1">
      {showType ? <TypeLabel node={node} /> : null}
      <SchemaFactsView facts={node.facts} />
      {hasChildren(node) ? <SchemaChildren node={node} /> : null}
    </div>
  );
}
