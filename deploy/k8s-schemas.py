"""Kubernetes' own OpenAPI definitions (api/openapi-spec/swagger.json of the k8s.io/kubernetes
module, which the Go module proxy serves) as the JSON schemas kubeconform reads: one file per
kind (`<kind>-<group>-<version>.json`) referring to the definitions in `_definitions.json`.
deploy/check makes them, offline, instead of downloading kubeconform's usual schema set from
GitHub, which this machine cannot reach.

Two adjustments, both what Kubernetes itself accepts: objects admit only their declared
fields (a misspelt field fails, as the API server's strict decoding does), and the
int-or-string and quantity types take YAML numbers as well as strings.

    python3 deploy/k8s-schemas.py <swagger.json> <out-dir>
"""

import json
import os
import sys

# Kubernetes' types that YAML may write as a number or a string.
NUMBER_OR_STRING = (
    "io.k8s.apimachinery.pkg.util.intstr.IntOrString",
    "io.k8s.apimachinery.pkg.api.resource.Quantity",
)


def schema_file(gvk):
    """kubeconform's name for a kind's schema: the group's first label, none for the core."""
    group = gvk["group"].split(".")[0]
    parts = [gvk["kind"].lower()] + ([group] if group else []) + [gvk["version"]]
    return "-".join(parts) + ".json"


def main(swagger, out):
    with open(swagger) as f:
        definitions = json.load(f)["definitions"]
    for name in NUMBER_OR_STRING:
        definitions[name] = {
            "description": definitions[name].get("description", ""),
            "anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "number"}],
        }
    for d in definitions.values():
        if "properties" in d and "additionalProperties" not in d:
            d["additionalProperties"] = False
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "_definitions.json"), "w") as f:
        json.dump({"definitions": definitions}, f)
    kinds = 0
    for name, d in definitions.items():
        for gvk in d.get("x-kubernetes-group-version-kind", []):
            with open(os.path.join(out, schema_file(gvk)), "w") as f:
                json.dump({"$ref": f"_definitions.json#/definitions/{name}"}, f)
            kinds += 1
    print(f"   {kinds} kinds' schemas in {out}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
