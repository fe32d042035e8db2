#!/usr/bin/env python3
"""Writes the request and answer types of Assets/layoutd.d.ts from openapi.yaml.

    python3 scripts/clients/openapi_to_dts.py            rewrite the generated part in place
    python3 scripts/clients/openapi_to_dts.py --check    exit 1 when the file is not what it would
                                                         write, or when an export of
                                                         Assets/layoutd.js has no declaration

Every schema of `components/schemas` becomes a TypeScript type of the same name, in the same
order, between the two marker lines of Assets/layoutd.d.ts; the rest of that file (the functions
of layoutd.js and `LayoutdError`) is written by hand and kept as it is. A new schema needs no
change here. How schemas read:
- an object is an `interface`; a member not in `required` is optional (`?`), one that may be
  null (`anyOf: [X, {type: 'null'}]`, `type: [number, 'null']`) is `X | null`;
- `enum` and `const` are string-literal types; `oneOf`/`anyOf` a union; `allOf` an intersection;
- a `discriminator` types its property in each schema it maps to as that literal, so a union
  such as `AvoidAnswer` narrows on `mode`;
- an object's `if: {required: [m]}` with `then`/`else` is a union of refinements of its members,
  those of `then` with `m` and those of `else` without it; `if` may also say `m` is no `null`
  (`properties: {m: {type: object}}`), and `then` or `else` may hold an `if` of their own, so
  exactly one of `keyboard`, `keyboardHeight` and `viewport` is three refinements;
- an object's `allOf` of presence rules (each only an `anyOf` of `required` lists: one of
  `keyboard`, `keyboardHeight` and `viewport` is sent) says nothing the `if`/`then`/`else` union
  does not, and is passed over.
`dependentSchemas`, `not` and numeric bounds have no TypeScript form and are passed over, as
client generators do; any other keyword this script does not know stops it, so nothing is dropped
unseen.
"""

import argparse
import json
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
SPEC = ROOT / "openapi.yaml"
DECLARATIONS = ROOT / "Assets" / "layoutd.d.ts"
MODULE = ROOT / "Assets" / "layoutd.js"

BEGIN = "// ---- BEGIN TYPES GENERATED FROM openapi.yaml (scripts/clients/openapi_to_dts.py); do not edit below ----"
END = "// ---- END TYPES GENERATED FROM openapi.yaml ----"

# Keywords that constrain values in ways TypeScript types do not express.
PASSED_OVER = {
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems",
    "maxItems", "uniqueItems", "minLength", "maxLength", "pattern", "format", "default",
    "examples", "example", "x-enum-varnames", "dependentSchemas", "not", "additionalProperties",
    "description", "title", "deprecated", "readOnly", "writeOnly",
}
KNOWN = PASSED_OVER | {
    "$ref", "type", "enum", "const", "properties", "required", "items", "anyOf", "oneOf", "allOf",
    "discriminator", "if", "then", "else",
}
PRIMITIVES = {"string": "string", "number": "number", "integer": "number", "boolean": "boolean", "null": "null"}
IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


class Generator:
    def __init__(self, schemas: dict):
        self.schemas = schemas
        # (schema name, property) -> the literal its discriminator gives it.
        self.discriminated: dict[tuple[str, str], str] = {}
        for name, schema in schemas.items():
            discriminator = schema.get("discriminator")
            if not discriminator:
                continue
            property_name = discriminator["propertyName"]
            mapping = discriminator.get("mapping") or {
                self.ref_name(member["$ref"]): member["$ref"] for member in schema.get("oneOf", [])
            }
            for value, ref in mapping.items():
                self.discriminated[(self.ref_name(ref), property_name)] = value

    def ref_name(self, ref: str) -> str:
        prefix = "#/components/schemas/"
        if not ref.startswith(prefix) or ref[len(prefix):] not in self.schemas:
            raise SystemExit(f"openapi_to_dts: cannot follow $ref {ref!r}")
        return ref[len(prefix):]

    def check_keywords(self, schema: dict, where: str) -> None:
        unknown = set(schema) - KNOWN
        if unknown:
            raise SystemExit(f"openapi_to_dts: {where}: no TypeScript form for {sorted(unknown)}")

    def type_of(self, schema, where: str) -> str:
        """The TypeScript type of a schema, inline."""
        if schema is True or schema == {}:
            return "unknown"
        if schema is False:
            return "never"
        self.check_keywords(schema, where)
        if "$ref" in schema:
            return self.ref_name(schema["$ref"])
        if "const" in schema:
            return json.dumps(schema["const"], ensure_ascii=False)
        if "enum" in schema:
            return union(json.dumps(value, ensure_ascii=False) for value in schema["enum"])
        for keyword in ("oneOf", "anyOf"):
            if keyword in schema:
                return union(self.type_of(member, f"{where}/{keyword}") for member in schema[keyword])
        if "allOf" in schema:
            return " & ".join(wrap(self.type_of(member, f"{where}/allOf")) for member in schema["allOf"])
        types = schema.get("type")
        if isinstance(types, list):
            return union(self.type_of({**schema, "type": each}, where) for each in types)
        if types == "array":
            return f"{wrap(self.type_of(schema.get('items', {}), where + '/items'))}[]"
        if types == "object" or "properties" in schema:
            members = self.members(schema, where, "", None)
            return "{ " + " ".join(members) + " }" if members else "Record<string, unknown>"
        if types in PRIMITIVES:
            return PRIMITIVES[types]
        raise SystemExit(f"openapi_to_dts: {where}: no type")

    def members(self, schema: dict, where: str, indent: str, owner: str | None) -> list[str]:
        """An object schema's members, one declaration each (with its doc comment when indented)."""
        required = set(schema.get("required", []))
        properties = schema.get("properties", {})
        lines = []
        for name in list(properties) + sorted(required - set(properties)):
            member = properties.get(name, {})
            if owner and (owner, name) in self.discriminated:
                member_type = json.dumps(self.discriminated[(owner, name)])
            else:
                member_type = self.type_of(member, f"{where}/{name}")
            key = name if IDENTIFIER.match(name) else json.dumps(name)
            optional = "" if name in required else "?"
            if indent:
                lines += doc(member, indent)
            lines.append(f"{indent}{key}{optional}: {member_type};")
        return lines

    def declaration(self, name: str, schema: dict) -> list[str]:
        """The exported declaration of one component schema."""
        where = f"#/components/schemas/{name}"
        self.check_keywords(schema, where)
        presence_rules = "allOf" in schema and all(is_presence_rule(rule) for rule in schema["allOf"])
        is_object = (schema.get("type") == "object" and not any(k in schema for k in ("oneOf", "anyOf"))
                     and ("allOf" not in schema or presence_rules))
        lines = doc(schema, "")
        if not is_object:
            type_text = self.type_of(schema, where)
            parts = split_union(type_text)
            if len(f"export type {name} = {type_text};") <= 100 or len(parts) == 1:
                return lines + [f"export type {name} = {type_text};"]
            return lines + [f"export type {name} =", *[f"  | {part}" for part in parts[:-1]], f"  | {parts[-1]};"]
        body = self.members(schema, where, "  ", name)
        if "if" not in schema:
            return lines + [f"export interface {name} {{", *body, "}"]
        # if/then/else: the members, and one of the refinements.
        members_name = f"{name}Members"
        branches = [object_literal(branch) for branch in self.branches(schema, schema, where)]
        return [
            f"/** The members of `{name}`, without the rule its `if`/`then`/`else` adds (see `{name}`). */",
            f"export interface {members_name} {{", *body, "}",
            "",
            *lines,
            f"export type {name} = {members_name} &",
            f"  ({branches[0]} |",
            *[f"   {branch} |" for branch in branches[1:-1]],
            f"   {branches[-1]});",
        ]

    def branches(self, schema: dict, node: dict, where: str) -> list[dict[str, str]]:
        """The refinements `node`'s `if`/`then`/`else` allows, `then`'s first; `schema` holds the members."""
        condition = node["if"]
        narrowed = condition.get("properties", {})
        if (set(condition) - {"properties"} != {"required"} or len(condition["required"]) != 1
                or any(name not in condition["required"] or each != {"type": "object"}
                       for name, each in narrowed.items())):
            raise SystemExit(f"openapi_to_dts: {where}/if: only `required: [one member]`, and that member an "
                             "object, has a TypeScript form")
        (present,) = condition["required"]
        present_type = self.type_of(schema["properties"][present], f"{where}/properties/{present}")
        absent_type = "undefined"
        if narrowed:  # present and not null: the member's object type; absent or null otherwise
            present_type = union(part for part in split_union(present_type) if part != "null")
            absent_type = "null"
        refinements = []
        for keyword in ("then", "else"):
            branch = node.get(keyword, {})
            own = self.refinement(branch, f"{where}/{keyword}")
            for inner in self.branches(schema, branch, f"{where}/{keyword}") if "if" in branch else [{}]:
                if keyword == "then":
                    refinements.append({present: present_type, **own, **inner})
                else:
                    refinements.append({**own, **inner, f"{present}?": absent_type})
        return refinements

    def refinement(self, branch: dict, where: str) -> dict[str, str]:
        """A `then`/`else` branch as members: `{name or name?: type}`."""
        self.check_keywords(branch, where)
        required = set(branch.get("required", []))
        names = list(branch.get("properties", {})) + sorted(required - set(branch.get("properties", {})))
        members = {}
        for name in names:
            if name in branch.get("properties", {}):
                member_type = self.type_of(branch["properties"][name], f"{where}/{name}")
            else:
                member_type = "unknown"  # required here; its type is the members' own
            members[name if name in required else f"{name}?"] = member_type
        return members

    def generate(self) -> str:
        lines = []
        for name, schema in self.schemas.items():
            lines += [""] + self.declaration(name, schema)
        return "\n".join(lines[1:]) + "\n"


def is_presence_rule(rule) -> bool:
    """Whether an `allOf` member only says which members are present: an `anyOf` of `required` lists."""
    return (isinstance(rule, dict) and set(rule) == {"anyOf"}
            and all(isinstance(each, dict) and set(each) == {"required"} for each in rule["anyOf"]))


def union(types) -> str:
    seen = []
    for each in types:
        for part in split_union(each):
            if part not in seen:
                seen.append(part)
    return " | ".join(seen)


def split_union(type_text: str) -> list[str]:
    """The top-level members of a union written by this script."""
    parts, depth, start = [], 0, 0
    for index, character in enumerate(type_text):
        depth += character in "({[<"
        depth -= character in ")}]>"
        if depth == 0 and type_text.startswith(" | ", index):
            parts.append(type_text[start:index])
            start = index + 3
    return parts + [type_text[start:]]


def wrap(type_text: str) -> str:
    return f"({type_text})" if len(split_union(type_text)) > 1 or " & " in type_text else type_text


def object_literal(members: dict[str, str]) -> str:
    return "{ " + "; ".join(f"{name}: {member_type}" for name, member_type in members.items()) + " }"


def doc(schema, indent: str) -> list[str]:
    """A schema's description (and default) as a doc comment."""
    if not isinstance(schema, dict):
        return []
    text = (schema.get("description") or "").strip()
    if "default" in schema:
        text += ("\n" if text else "") + f"@default {json.dumps(schema['default'])}"
    if not text:
        return []
    text = text.replace("*/", "*\\/")
    lines = text.split("\n")
    if len(lines) == 1:
        return [f"{indent}/** {lines[0]} */"]
    return [f"{indent}/**"] + [f"{indent} * {line}".rstrip() for line in lines] + [f"{indent} */"]


def expected_file(current: str, types: str) -> str:
    if current.count(BEGIN) != 1 or current.count(END) != 1 or current.index(BEGIN) > current.index(END):
        raise SystemExit(f"openapi_to_dts: {DECLARATIONS.relative_to(ROOT)} must hold each marker line once:\n{BEGIN}\n{END}")
    head, rest = current.split(BEGIN + "\n", 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{types}{END}{tail}"


def undeclared_exports(module: str, declarations: str) -> list[str]:
    """Names exported by layoutd.js and not declared by layoutd.d.ts, and the reverse."""
    exported = set(re.findall(r"^export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)", module, re.M))
    head = declarations.split(BEGIN, 1)[0]
    declared = set(re.findall(r"^export\s+declare\s+(?:function|class|const|let|var)\s+([A-Za-z_$][\w$]*)", head, re.M))
    return [f"layoutd.js exports {name}; layoutd.d.ts does not declare it" for name in sorted(exported - declared)] + [
        f"layoutd.d.ts declares {name}; layoutd.js does not export it" for name in sorted(declared - exported)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if the file would change")
    arguments = parser.parse_args()

    schemas = yaml.safe_load(SPEC.read_text(encoding="utf-8"))["components"]["schemas"]
    types = Generator(schemas).generate()
    current = DECLARATIONS.read_text(encoding="utf-8")
    wanted = expected_file(current, types)
    problems = undeclared_exports(MODULE.read_text(encoding="utf-8"), current)
    if not arguments.check:
        if wanted != current:
            DECLARATIONS.write_text(wanted, encoding="utf-8")
            print(f"openapi_to_dts: wrote {DECLARATIONS.relative_to(ROOT)}")
    elif wanted != current:
        problems.insert(0, f"{DECLARATIONS.relative_to(ROOT)} is not what openapi.yaml gives: "
                        "run python3 scripts/clients/openapi_to_dts.py")
    for problem in problems:
        print(f"openapi_to_dts: {problem}", file=sys.stderr)
    if not problems:
        print(f"openapi_to_dts: {len(schemas)} schemas of openapi.yaml; every export of layoutd.js declared")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
