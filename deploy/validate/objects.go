package main

import (
	"fmt"
	"strconv"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation"
)

// workload is anything that runs pods: its kind, name, wanted replicas and pod template.
type workload struct {
	kind, name string
	replicas   int32
	selector   *metav1.LabelSelector
	template   corev1.PodTemplateSpec
}

func (w workload) String() string { return w.kind + "/" + w.name }

// objectSet is one rendered overlay, indexed for the cross-object checks.
type objectSet struct {
	name         string
	workloads    []workload
	deployments  []*appsv1.Deployment
	statefulSets []*appsv1.StatefulSet
	services     map[string]*corev1.Service
	configMaps   map[string]*corev1.ConfigMap
	hpas         []*autoscalingv2.HorizontalPodAutoscaler
	pdbs         []*policyv1.PodDisruptionBudget
	policies     []*networkingv1.NetworkPolicy
	secrets      []*corev1.Secret
	redis        []redisServer
	problems     []error
}

func newObjectSet(name string, objects []runtime.Object) *objectSet {
	s := &objectSet{
		name:       name,
		services:   map[string]*corev1.Service{},
		configMaps: map[string]*corev1.ConfigMap{},
	}
	for _, obj := range objects {
		s.problems = append(s.problems, checkNames(name, obj)...)
		switch o := obj.(type) {
		case *appsv1.Deployment:
			s.deployments = append(s.deployments, o)
			s.workloads = append(s.workloads, workload{"Deployment", o.Name, replicas(o.Spec.Replicas), o.Spec.Selector, o.Spec.Template})
		case *appsv1.StatefulSet:
			s.statefulSets = append(s.statefulSets, o)
			s.workloads = append(s.workloads, workload{"StatefulSet", o.Name, replicas(o.Spec.Replicas), o.Spec.Selector, o.Spec.Template})
		case *batchv1.Job:
			s.workloads = append(s.workloads, workload{"Job", o.Name, 1, o.Spec.Selector, o.Spec.Template})
		case *corev1.Service:
			s.services[o.Name] = o
		case *corev1.ConfigMap:
			s.configMaps[o.Name] = o
		case *autoscalingv2.HorizontalPodAutoscaler:
			s.hpas = append(s.hpas, o)
		case *policyv1.PodDisruptionBudget:
			s.pdbs = append(s.pdbs, o)
		case *networkingv1.NetworkPolicy:
			s.policies = append(s.policies, o)
		case *corev1.Secret:
			s.secrets = append(s.secrets, o)
		}
	}
	return s
}

func replicas(r *int32) int32 {
	if r == nil {
		return 1 // The API default.
	}
	return *r
}

func (s *objectSet) fail(format string, args ...any) {
	s.problems = append(s.problems, fmt.Errorf(s.name+": "+format, args...))
}

// checkNames checks that an object's name and labels are valid Kubernetes names and values.
func checkNames(where string, obj runtime.Object) []error {
	meta, ok := obj.(metav1.Object)
	if !ok {
		return nil
	}
	var problems []error
	for _, msg := range validation.IsDNS1123Subdomain(meta.GetName()) {
		problems = append(problems, fmt.Errorf("%s: name %q: %s", where, meta.GetName(), msg))
	}
	for k, v := range meta.GetLabels() {
		for _, msg := range append(validation.IsQualifiedName(k), validation.IsValidLabelValue(v)...) {
			problems = append(problems, fmt.Errorf("%s: %s label %s=%s: %s", where, meta.GetName(), k, v, msg))
		}
	}
	return problems
}

// check runs every cross-object check; store is the TABLERO_STORE scheme the overlay must set.
func (s *objectSet) check(store string) []error {
	servers := s.servers()
	if len(servers) == 0 {
		s.fail("no Deployment of the server (app.kubernetes.io/name=tablero)")
	}
	for _, w := range s.workloads {
		s.checkWorkload(w)
	}
	s.findRedis()
	for _, r := range s.redis {
		s.checkRedis(r)
	}
	s.checkRedisClients()
	for _, d := range servers {
		s.checkServer(d, store)
	}
	for _, p := range s.policies {
		s.checkPolicy(p)
	}
	for _, secret := range s.secrets {
		if len(secret.Data)+len(secret.StringData) > 0 {
			s.fail("Secret/%s carries data: credentials do not belong in the repository (create the Secret outside, see deploy/README.md)", secret.Name)
		}
	}
	for _, st := range s.statefulSets {
		svc := s.services[st.Spec.ServiceName]
		if svc == nil || svc.Spec.ClusterIP != corev1.ClusterIPNone {
			s.fail("StatefulSet/%s: serviceName %q names no headless Service", st.Name, st.Spec.ServiceName)
		}
	}
	for _, svc := range s.services {
		s.checkService(svc)
	}
	for _, hpa := range s.hpas {
		s.checkHPA(hpa)
	}
	for _, pdb := range s.pdbs {
		s.checkPDB(pdb)
	}
	return s.problems
}

// servers lists the overlay's Deployments of the server (see isServer).
func (s *objectSet) servers() []*appsv1.Deployment {
	var out []*appsv1.Deployment
	for _, d := range s.deployments {
		if s.isServer(workload{kind: "Deployment", template: d.Spec.Template}) {
			out = append(out, d)
		}
	}
	return out
}

// selected lists the workloads whose pods a selector picks.
func (s *objectSet) selected(selector labels.Selector) []workload {
	var out []workload
	for _, w := range s.workloads {
		if !selector.Empty() && selector.Matches(labels.Set(w.template.Labels)) {
			out = append(out, w)
		}
	}
	return out
}

// checkWorkload: selector matches its own pods; pods run as non-root with a read-only root,
// no privilege escalation and resource requests; referenced ConfigMaps exist.
func (s *objectSet) checkWorkload(w workload) {
	if w.selector != nil {
		sel, err := metav1.LabelSelectorAsSelector(w.selector)
		if err != nil {
			s.fail("%s: selector: %v", w, err)
		} else if !sel.Matches(labels.Set(w.template.Labels)) {
			s.fail("%s: selector %s does not match its own pod labels %v", w, sel, w.template.Labels)
		}
	} else if w.kind != "Job" {
		s.fail("%s: no selector", w)
	}
	pod := w.template.Spec
	podNonRoot := pod.SecurityContext != nil && pod.SecurityContext.RunAsNonRoot != nil && *pod.SecurityContext.RunAsNonRoot
	if pod.SecurityContext != nil && pod.SecurityContext.RunAsUser != nil && *pod.SecurityContext.RunAsUser == 0 {
		s.fail("%s: pod runs as user 0", w)
	}
	for _, v := range pod.Volumes {
		if v.ConfigMap != nil && s.configMaps[v.ConfigMap.Name] == nil {
			s.fail("%s: volume %s: no ConfigMap %q", w, v.Name, v.ConfigMap.Name)
		}
	}
	if len(pod.Containers) == 0 {
		s.fail("%s: no containers", w)
	}
	for _, c := range pod.Containers {
		where := fmt.Sprintf("%s container %s", w, c.Name)
		s.checkEnvRefs(where, c)
		sc := c.SecurityContext
		nonRoot := podNonRoot || (sc != nil && sc.RunAsNonRoot != nil && *sc.RunAsNonRoot)
		if !nonRoot {
			s.fail("%s: runAsNonRoot is not set", where)
		}
		if sc != nil && sc.RunAsUser != nil && *sc.RunAsUser == 0 {
			s.fail("%s: runs as user 0", where)
		}
		if sc == nil || sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
			s.fail("%s: readOnlyRootFilesystem is not true", where)
		}
		if sc == nil || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
			s.fail("%s: allowPrivilegeEscalation is not false", where)
		}
		if c.Image == "" {
			s.fail("%s: no image", where)
		}
		for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
			if q, ok := c.Resources.Requests[r]; !ok || q.IsZero() {
				s.fail("%s: no %s request", where, r)
			}
		}
		if q, ok := c.Resources.Limits[corev1.ResourceMemory]; !ok || q.IsZero() {
			s.fail("%s: no memory limit", where)
		}
		for _, from := range c.EnvFrom {
			if from.ConfigMapRef != nil && s.configMaps[from.ConfigMapRef.Name] == nil {
				s.fail("%s: envFrom names no ConfigMap %q", where, from.ConfigMapRef.Name)
			}
		}
		for _, e := range c.Env {
			if e.ValueFrom != nil && e.ValueFrom.ConfigMapKeyRef != nil {
				ref := e.ValueFrom.ConfigMapKeyRef
				if cm := s.configMaps[ref.Name]; cm == nil {
					s.fail("%s: env %s names no ConfigMap %q", where, e.Name, ref.Name)
				} else if _, ok := cm.Data[ref.Key]; !ok {
					s.fail("%s: env %s: ConfigMap %s has no key %q", where, e.Name, ref.Name, ref.Key)
				}
			}
		}
	}
}

// checkService: the selector picks pods, and their containers have the target ports.
func (s *objectSet) checkService(svc *corev1.Service) {
	where := "Service/" + svc.Name
	if len(svc.Spec.Selector) == 0 {
		s.fail("%s: no selector", where)
		return
	}
	picked := s.selected(labels.SelectorFromSet(svc.Spec.Selector))
	if len(picked) == 0 {
		s.fail("%s: selector %v matches no pods", where, svc.Spec.Selector)
		return
	}
	for _, p := range svc.Spec.Ports {
		for _, w := range picked {
			if w.kind == "Job" {
				continue
			}
			if !hasContainerPort(w.template.Spec, p.TargetPort.String(), p.Port) {
				s.fail("%s: port %s targets %s, which %s does not expose", where, p.Name, p.TargetPort.String(), w)
			}
		}
	}
}

func hasContainerPort(pod corev1.PodSpec, target string, port int32) bool {
	if target == "" || target == "0" {
		target = strconv.Itoa(int(port))
	}
	for _, c := range pod.Containers {
		for _, cp := range c.Ports {
			if cp.Name == target || strconv.Itoa(int(cp.ContainerPort)) == target {
				return true
			}
		}
	}
	return false
}

func (s *objectSet) workload(kind, name string) *workload {
	for i := range s.workloads {
		if s.workloads[i].kind == kind && s.workloads[i].name == name {
			return &s.workloads[i]
		}
	}
	return nil
}

// checkHPA: the target exists, the bounds make sense and CPU targets have CPU requests.
func (s *objectSet) checkHPA(hpa *autoscalingv2.HorizontalPodAutoscaler) {
	where := "HorizontalPodAutoscaler/" + hpa.Name
	ref := hpa.Spec.ScaleTargetRef
	target := s.workload(ref.Kind, ref.Name)
	if target == nil {
		s.fail("%s: scales %s/%s, which this overlay does not have", where, ref.Kind, ref.Name)
		return
	}
	minReplicas := replicas(hpa.Spec.MinReplicas)
	if minReplicas < 2 {
		s.fail("%s: minReplicas %d leaves a single replica", where, minReplicas)
	}
	if minReplicas > hpa.Spec.MaxReplicas {
		s.fail("%s: minReplicas %d above maxReplicas %d", where, minReplicas, hpa.Spec.MaxReplicas)
	}
	if target.replicas < minReplicas || target.replicas > hpa.Spec.MaxReplicas {
		s.fail("%s: %s asks for %d replicas, outside %d..%d", where, target, target.replicas, minReplicas, hpa.Spec.MaxReplicas)
	}
	if len(hpa.Spec.Metrics) == 0 {
		s.fail("%s: no metrics", where)
	}
	for _, m := range hpa.Spec.Metrics {
		if m.Type != autoscalingv2.ResourceMetricSourceType || m.Resource == nil {
			continue
		}
		for _, c := range target.template.Spec.Containers {
			if _, ok := c.Resources.Requests[m.Resource.Name]; !ok {
				s.fail("%s: scales on %s, but container %s of %s requests none", where, m.Resource.Name, c.Name, target)
			}
		}
	}
}

// checkPDB: the selector picks pods, and the budget still lets a node drain.
func (s *objectSet) checkPDB(pdb *policyv1.PodDisruptionBudget) {
	where := "PodDisruptionBudget/" + pdb.Name
	sel, err := metav1.LabelSelectorAsSelector(pdb.Spec.Selector)
	if err != nil || pdb.Spec.Selector == nil {
		s.fail("%s: bad or missing selector", where)
		return
	}
	picked := s.selected(sel)
	if len(picked) == 0 {
		s.fail("%s: selector %s matches no pods", where, sel)
		return
	}
	if (pdb.Spec.MinAvailable == nil) == (pdb.Spec.MaxUnavailable == nil) {
		s.fail("%s: set exactly one of minAvailable and maxUnavailable", where)
		return
	}
	for _, w := range picked {
		least := w.replicas
		for _, hpa := range s.hpas {
			if hpa.Spec.ScaleTargetRef.Name == w.name && hpa.Spec.ScaleTargetRef.Kind == w.kind {
				least = replicas(hpa.Spec.MinReplicas)
			}
		}
		if m := pdb.Spec.MinAvailable; m != nil && m.IntValue() >= int(least) && !strings.HasSuffix(m.String(), "%") {
			s.fail("%s: minAvailable %s with as few as %d replicas of %s: no pod could ever be evicted", where, m.String(), least, w)
		}
		if m := pdb.Spec.MaxUnavailable; m != nil && m.String() == "0" {
			s.fail("%s: maxUnavailable 0: no pod could ever be evicted", where)
		}
	}
}
