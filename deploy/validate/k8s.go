package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/runtime"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/kustomize/api/krusty"
	ktypes "sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

// The overlays we ship and the store scheme each must configure.
var expectedOverlays = map[string]string{
	"redis":         "redis://",
	"redis-cluster": "redis+cluster://",
	"redis-tls":     "redis://",
}

// The kinds a manifest may have: the API groups we use, nothing else.
var scheme = func() *runtime.Scheme {
	s := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		corev1.AddToScheme, appsv1.AddToScheme, autoscalingv2.AddToScheme,
		policyv1.AddToScheme, batchv1.AddToScheme, networkingv1.AddToScheme,
	} {
		if err := add(s); err != nil {
			panic(err)
		}
	}
	return s
}()

// strict refuses unknown and duplicate fields, as `kubectl apply --validate=strict` does.
var strict = kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, scheme, scheme,
	kjson.SerializerOptions{Yaml: true, Strict: true})

// decodeManifests decodes every document of a YAML stream into its API type.
func decodeManifests(name string, data []byte) ([]runtime.Object, []error) {
	var objects []runtime.Object
	var problems []error
	reader := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	for i := 1; ; i++ {
		doc, err := reader.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			problems = append(problems, fmt.Errorf("%s: document %d: %w", name, i, err))
			break
		}
		var probe any
		if err := yaml.Unmarshal(doc, &probe); err != nil {
			problems = append(problems, fmt.Errorf("%s: document %d: %w", name, i, err))
			continue
		}
		if probe == nil {
			continue // Only comments.
		}
		obj, _, err := strict.Decode(doc, nil, nil)
		if err != nil {
			problems = append(problems, fmt.Errorf("%s: document %d: %w", name, i, err))
			continue
		}
		objects = append(objects, obj)
	}
	return objects, problems
}

// validateKubernetes checks every manifest and kustomization under dir, renders each overlay
// and checks what it renders.
func validateKubernetes(dir string) []error {
	var problems []error
	kustomizations := map[string]*ktypes.Kustomization{}
	manifests := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ext := filepath.Ext(path)
		if ext != ".yaml" && ext != ".yml" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if d.Name() == "kustomization.yaml" || d.Name() == "kustomization.yml" {
			k, errs := checkKustomization(rel, filepath.Dir(path), data)
			problems = append(problems, errs...)
			kustomizations[filepath.Dir(path)] = k
			return nil
		}
		manifests[path] = data
		return nil
	})
	if err != nil {
		return append(problems, err)
	}
	// Files a generator turns into a ConfigMap (Envoy's configuration) are not manifests.
	for base, k := range kustomizations {
		for _, file := range generatedFrom(k) {
			delete(manifests, filepath.Join(base, file))
		}
	}
	for path, data := range manifests {
		rel, _ := filepath.Rel(dir, path)
		objects, errs := decodeManifests(rel, data)
		problems = append(problems, errs...)
		for _, obj := range objects {
			problems = append(problems, checkNames(rel, obj)...)
		}
	}

	// Overlays: kustomizations no other kustomization builds on, and the ones we ship even
	// when another builds on them (redis-tls on redis). Components render only within one.
	used := map[string]bool{}
	for base, k := range kustomizations {
		if k == nil {
			continue
		}
		for _, r := range append(append([]string{}, k.Resources...), k.Components...) {
			used[filepath.Clean(filepath.Join(base, r))] = true
		}
	}
	var overlays []string
	for path, k := range kustomizations {
		_, shipped := expectedOverlays[filepath.Base(path)]
		switch {
		case k != nil && k.Kind == ktypes.ComponentKind:
			if !used[path] {
				rel, _ := filepath.Rel(dir, path)
				problems = append(problems, fmt.Errorf("k8s: component %s: no overlay uses it, so nothing checks it", rel))
			}
		case !used[path] || shipped:
			overlays = append(overlays, path)
		}
	}
	sort.Strings(overlays)
	found := map[string]bool{}
	for _, overlay := range overlays {
		name := filepath.Base(overlay)
		found[name] = true
		objects, errs := render(overlay)
		problems = append(problems, errs...)
		if len(errs) > 0 {
			continue
		}
		set := newObjectSet("overlay "+name, objects)
		problems = append(problems, set.check(expectedOverlays[name])...)
	}
	for name := range expectedOverlays {
		if !found[name] {
			problems = append(problems, fmt.Errorf("k8s: no overlay %q (a kustomization nothing else builds on)", name))
		}
	}
	sort.Slice(problems, func(i, j int) bool { return problems[i].Error() < problems[j].Error() })
	return problems
}

// generatedFrom lists the files a kustomization's ConfigMap and Secret generators read.
func generatedFrom(k *ktypes.Kustomization) []string {
	if k == nil {
		return nil
	}
	var sources []string
	for _, g := range k.ConfigMapGenerator {
		sources = append(sources, g.FileSources...)
	}
	for _, g := range k.SecretGenerator {
		sources = append(sources, g.FileSources...)
	}
	files := make([]string, 0, len(sources))
	for _, src := range sources {
		// "key=path" or "path".
		_, file, found := strings.Cut(src, "=")
		if !found {
			file = src
		}
		files = append(files, file)
	}
	return files
}

// checkKustomization decodes a kustomization strictly and checks that what it lists exists.
func checkKustomization(name, dir string, data []byte) (*ktypes.Kustomization, []error) {
	var k ktypes.Kustomization
	if err := yaml.UnmarshalStrict(data, &k); err != nil {
		return nil, []error{fmt.Errorf("%s: %w", name, err)}
	}
	var problems []error
	for _, list := range [][]string{k.Resources, k.Components} {
		for _, r := range list {
			if strings.Contains(r, "://") {
				problems = append(problems, fmt.Errorf("%s: remote resource %q: CI cannot fetch it", name, r))
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, r)); err != nil {
				problems = append(problems, fmt.Errorf("%s: resource %q does not exist", name, r))
			}
		}
	}
	return &k, problems
}

// render builds an overlay with kustomize and decodes its output strictly.
func render(dir string) ([]runtime.Object, []error) {
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	resources, err := k.Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return nil, []error{fmt.Errorf("kustomize build %s: %w", dir, err)}
	}
	out, err := resources.AsYaml()
	if err != nil {
		return nil, []error{fmt.Errorf("kustomize build %s: %w", dir, err)}
	}
	return decodeManifests("kustomize build "+filepath.Base(dir), out)
}
