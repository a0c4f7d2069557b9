package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"

	"github.com/pelletier/go-toml/v2"
)

// The scopes an API key may carry (the server's TABLERO_API_KEYS_FILE format).
var apiKeyScopes = []string{"create", "setup", "list", "delete", "seats", "feed", "webhooks"}

// apiKeysFile is the format of TABLERO_API_KEYS_FILE.
type apiKeysFile struct {
	Keys []struct {
		Name   string   `toml:"name"`
		SHA256 string   `toml:"sha256"`
		Scopes []string `toml:"scopes"`
	} `toml:"key"`
}

var sha256Hex = regexp.MustCompile(`^[0-9a-f]{64}$`)

// validateAPIKeysExample: the example operators copy is in the server's format: unknown
// fields fail, each key has a unique name, a SHA-256 in hex and known scopes.
func validateAPIKeysExample(deployDir string) []error {
	const name = "api-keys.example.toml"
	data, err := os.ReadFile(filepath.Join(deployDir, name))
	if err != nil {
		return []error{err}
	}
	var file apiKeysFile
	if err := toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields().Decode(&file); err != nil {
		var strict *toml.StrictMissingError
		if errors.As(err, &strict) {
			return []error{fmt.Errorf("%s: %s", name, strict.String())}
		}
		return []error{fmt.Errorf("%s: %w", name, err)}
	}
	var problems []error
	if len(file.Keys) == 0 {
		problems = append(problems, fmt.Errorf("%s: no [[key]]", name))
	}
	seen := map[string]bool{}
	for i, k := range file.Keys {
		where := fmt.Sprintf("%s: key %d (%q)", name, i+1, k.Name)
		if k.Name == "" || seen[k.Name] {
			problems = append(problems, fmt.Errorf("%s: names should be present and unique", where))
		}
		seen[k.Name] = true
		if !sha256Hex.MatchString(k.SHA256) {
			problems = append(problems, fmt.Errorf("%s: sha256 %q is not 64 lower-case hex digits", where, k.SHA256))
		}
		if len(k.Scopes) == 0 {
			problems = append(problems, fmt.Errorf("%s: no scopes", where))
		}
		for _, s := range k.Scopes {
			if !slices.Contains(apiKeyScopes, s) {
				problems = append(problems, fmt.Errorf("%s: unknown scope %q (known: %v)", where, s, apiKeyScopes))
			}
		}
	}
	return problems
}
