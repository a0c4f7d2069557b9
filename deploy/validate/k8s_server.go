package main

import (
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// The server settings that name files the server reads: each must come from a Secret volume.
var secretFileSettings = []string{"TABLERO_API_KEYS_FILE", "TABLERO_TLS_CERT", "TABLERO_TLS_KEY", "TABLERO_TLS_CLIENT_CA"}

// isServer: a Deployment of Tablero pods (app.kubernetes.io/name=tablero; checkServer holds
// them to it). Other Deployments (Envoy) are held to the common workload checks only.
func (s *objectSet) isServer(w workload) bool {
	return w.kind == "Deployment" && w.template.Labels["app.kubernetes.io/name"] == "tablero"
}

// checkServer: the Tablero Deployment's probes, draining, store, production settings, the
// files it reads and who reaches its ports.
func (s *objectSet) checkServer(d *appsv1.Deployment, store string) {
	pod := d.Spec.Template.Spec
	w := workload{"Deployment", d.Name, replicas(d.Spec.Replicas), d.Spec.Selector, d.Spec.Template}
	for _, c := range pod.Containers {
		where := fmt.Sprintf("Deployment/%s container %s", d.Name, c.Name)
		var grpcPort corev1.ContainerPort
		for _, p := range c.Ports {
			if p.Name == "grpc" {
				grpcPort = p
			}
		}
		if grpcPort.ContainerPort == 0 {
			s.fail("%s: no container port named grpc", where)
		}
		env := s.containerEnv(c)
		s.checkProbes(where, c, grpcPort.ContainerPort, env)
		grace := int64(30) // The API default.
		if pod.TerminationGracePeriodSeconds != nil {
			grace = *pod.TerminationGracePeriodSeconds
		}
		if c.Lifecycle == nil || c.Lifecycle.PreStop == nil {
			s.fail("%s: no preStop hook: the pod gets SIGTERM while load balancers still send to it", where)
		} else if sl := c.Lifecycle.PreStop.Sleep; sl != nil && sl.Seconds >= grace {
			s.fail("%s: preStop sleeps %ds, not less than the %ds grace period", where, sl.Seconds, grace)
		}
		listen := env["TABLERO_LISTEN"]
		if _, port, err := net.SplitHostPort(listen); err != nil || port != strconv.Itoa(int(grpcPort.ContainerPort)) {
			s.fail("%s: TABLERO_LISTEN %q does not listen on the grpc port %d", where, listen, grpcPort.ContainerPort)
		}
		s.checkStore(where, env["TABLERO_STORE"], store)
		written := func(name string) bool { _, ok := fromSecret(env[name]); return !ok }
		for _, p := range productionProblems(env, written) {
			s.fail("%s: %s", where, p)
		}
		limit := int64(0)
		if q, ok := c.Resources.Limits[corev1.ResourceMemory]; ok {
			limit = q.Value()
		}
		for _, p := range serverMemoryProblems(env, limit) {
			s.fail("%s: %s", where, p)
		}
		for _, setting := range secretFileSettings {
			if file := env[setting]; file != "" {
				s.checkSecretFile(where, pod, c, setting, file)
			}
		}
		s.checkServerPorts(where, w, c, grpcPort, env)
	}
}

// checkProbes: readiness on tablero.v1.GameService, liveness and startup on the process, all
// on the gRPC port, and able to speak TLS when the server does (the kubelet's own gRPC probe
// speaks plaintext unless its mode is TLS, and never presents a client certificate).
func (s *objectSet) checkProbes(where string, c corev1.Container, grpcPort int32, env map[string]string) {
	tls := env["TABLERO_TLS_CERT"] != ""
	mtls := env["TABLERO_TLS_CLIENT_CA"] != ""
	for kind, probe := range map[string]*corev1.Probe{"startupProbe": c.StartupProbe, "readinessProbe": c.ReadinessProbe, "livenessProbe": c.LivenessProbe} {
		var service string
		switch {
		case probe == nil:
			if kind != "startupProbe" {
				s.fail("%s: no %s", where, kind)
			}
			continue
		case probe.GRPC != nil:
			if probe.GRPC.Port != grpcPort {
				s.fail("%s: %s checks port %d, the grpc port is %d", where, kind, probe.GRPC.Port, grpcPort)
			}
			tlsMode := probe.GRPC.Mode != nil && *probe.GRPC.Mode == corev1.GRPCProbeModeTLS
			if tls && !tlsMode {
				s.fail("%s: %s is the kubelet's plaintext gRPC probe, but the server speaks TLS (TABLERO_TLS_CERT): it would never pass", where, kind)
			} else if mtls {
				s.fail("%s: %s is the kubelet's gRPC probe, which presents no client certificate, and the server requires one (TABLERO_TLS_CLIENT_CA)", where, kind)
			}
			if probe.GRPC.Service != nil {
				service = *probe.GRPC.Service
			}
		case probe.Exec != nil && isTableroProbe(probe.Exec.Command):
			s.checkExecProbe(where, kind, probe)
			if tls && !hasFlag(probe.Exec.Command, "--tls-ca") {
				s.fail("%s: %s runs tablero-probe without --tls-ca, but the server speaks TLS (TABLERO_TLS_CERT)", where, kind)
			}
			if mtls && !hasFlag(probe.Exec.Command, "--tls-cert") {
				s.fail("%s: %s runs tablero-probe without --tls-cert, but the server requires client certificates (TABLERO_TLS_CLIENT_CA)", where, kind)
			}
			service, _ = probeFlag(probe.Exec.Command, "--service")
			s.checkProbeTimeout(where, kind, probe)
		default:
			s.fail("%s: %s is not a grpc probe (nor a tablero-probe run)", where, kind)
			continue
		}
		if p := probeServiceProblem(kind, kind == "readinessProbe", service); p != "" {
			s.fail("%s: %s", where, p)
		}
	}
}

// checkProbeTimeout: tablero-probe gives up before the kubelet kills it, so a slow answer is
// reported as such rather than as a probe the kubelet timed out.
func (s *objectSet) checkProbeTimeout(where, kind string, probe *corev1.Probe) {
	timeoutMS := 2000 // tablero-probe's default.
	if v, ok := probeFlag(probe.Exec.Command, "--timeout-ms"); ok {
		n, err := strconv.Atoi(v)
		if err != nil {
			s.fail("%s: %s: --timeout-ms %q is no number", where, kind, v)
			return
		}
		timeoutMS = n
	}
	kubelet := int(probe.TimeoutSeconds)
	if kubelet == 0 {
		kubelet = 1 // The API default.
	}
	if timeoutMS >= kubelet*1000 {
		s.fail("%s: %s: tablero-probe waits %d ms, not less than the kubelet's %d s timeoutSeconds", where, kind, timeoutMS, kubelet)
	}
}

// checkSecretFile: a file the server reads (API keys, TLS) comes from a Secret volume, mounted
// read-only and whole (a subPath mount never sees a rotated Secret), not optional.
func (s *objectSet) checkSecretFile(where string, pod corev1.PodSpec, c corev1.Container, setting, file string) {
	var mount *corev1.VolumeMount
	for i, m := range c.VolumeMounts {
		dir := strings.TrimSuffix(m.MountPath, "/")
		if (file == dir || strings.HasPrefix(file, dir+"/")) && (mount == nil || len(dir) > len(mount.MountPath)) {
			mount = &c.VolumeMounts[i]
		}
	}
	if mount == nil {
		s.fail("%s: %s %s is in no mounted volume", where, setting, file)
		return
	}
	var secret *corev1.SecretVolumeSource
	for _, v := range pod.Volumes {
		if v.Name == mount.Name {
			secret = v.Secret
		}
	}
	if secret == nil {
		s.fail("%s: %s %s is in volume %s, which is not a Secret volume", where, setting, file, mount.Name)
		return
	}
	if !mount.ReadOnly {
		s.fail("%s: %s: volume %s is not mounted readOnly", where, setting, mount.Name)
	}
	if mount.SubPath != "" || mount.SubPathExpr != "" {
		s.fail("%s: %s: volume %s is mounted with subPath, so a rotated Secret never reaches the file", where, setting, mount.Name)
	}
	if secret.Optional != nil && *secret.Optional {
		s.fail("%s: %s: Secret %s is optional: the server would start without it", where, setting, secret.SecretName)
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(file, strings.TrimSuffix(mount.MountPath, "/")), "/")
	if len(secret.Items) > 0 {
		found := false
		for _, item := range secret.Items {
			found = found || item.Path == rel
		}
		if !found {
			s.fail("%s: %s: Secret volume %s projects no file %q", where, setting, mount.Name, rel)
		}
	}
}

// checkServerPorts: the gRPC port admits everyone, or, when the server takes the caller from a
// proxy's header, that proxy alone; the metrics port only chosen sources (Prometheus) and is in
// no Service that carries gRPC or leaves the cluster.
func (s *objectSet) checkServerPorts(where string, w workload, c corev1.Container, grpcPort corev1.ContainerPort, env map[string]string) {
	if grpcPort.ContainerPort != 0 {
		in := s.ingress(w, grpcPort)
		switch header := env["TABLERO_CALLER_HEADER"]; {
		case header == "" && !in.anyone && !in.wide:
			s.fail("%s: a NetworkPolicy admits the gRPC port %d from some sources only: clients elsewhere could not connect", where, grpcPort.ContainerPort)
		case header != "" && (in.anyone || in.wide):
			s.fail("%s: TABLERO_CALLER_HEADER=%s trusts a proxy's header, but the gRPC port %d admits every source: anyone could name themselves any caller (admit the proxy only)", where, header, grpcPort.ContainerPort)
		case header != "":
			proxied := false
			for _, other := range s.workloads {
				proxied = proxied || (!s.isServer(other) && s.admits(in, other))
			}
			if !proxied {
				s.fail("%s: TABLERO_CALLER_HEADER=%s, but no proxy of this overlay may reach the gRPC port %d", where, header, grpcPort.ContainerPort)
			}
		}
	}
	listen := env["TABLERO_METRICS_LISTEN"]
	if listen == "" {
		return
	}
	_, portText, err := net.SplitHostPort(listen)
	number, _ := strconv.Atoi(portText)
	metrics, ok := containerPortByNumber(c, int32(number))
	if err != nil || !ok {
		s.fail("%s: TABLERO_METRICS_LISTEN %q is on no container port", where, listen)
		return
	}
	in := s.ingress(w, metrics)
	switch {
	case in.anyone || in.wide:
		s.fail("%s: the metrics port %d admits every source: add a NetworkPolicy that admits Prometheus only", where, metrics.ContainerPort)
	case len(in.peers) == 0:
		s.fail("%s: no NetworkPolicy rule admits the metrics port %d: Prometheus could not scrape", where, metrics.ContainerPort)
	}
	for _, svc := range s.services {
		if len(svc.Spec.Selector) == 0 || !labels.SelectorFromSet(svc.Spec.Selector).Matches(labels.Set(w.template.Labels)) {
			continue
		}
		carriesGRPC, carriesMetrics := false, false
		for _, p := range svc.Spec.Ports {
			target := p.TargetPort.String()
			if target == "" || target == "0" {
				target = strconv.Itoa(int(p.Port))
			}
			carriesGRPC = carriesGRPC || target == grpcPort.Name || target == strconv.Itoa(int(grpcPort.ContainerPort))
			carriesMetrics = carriesMetrics || target == metrics.Name || target == strconv.Itoa(int(metrics.ContainerPort))
		}
		if !carriesMetrics {
			continue
		}
		if carriesGRPC {
			s.fail("Service/%s: carries the metrics port beside gRPC: whoever reaches the service reaches the metrics (use a separate in-cluster Service)", svc.Name)
		}
		if svc.Spec.Type == corev1.ServiceTypeNodePort || svc.Spec.Type == corev1.ServiceTypeLoadBalancer || len(svc.Spec.ExternalIPs) > 0 {
			s.fail("Service/%s: exposes the metrics port outside the cluster (%s)", svc.Name, svc.Spec.Type)
		}
	}
}

// checkStore: TABLERO_STORE is the expected Redis flavour, carries the password of a Secret,
// and every host it names is a Service (or a StatefulSet pod behind its headless Service) of
// this overlay with that port, whose Redis requires that very password.
func (s *objectSet) checkStore(where, value, scheme string) {
	if value == "" || value == "memory" {
		s.fail("%s: TABLERO_STORE is %q: each replica would keep its own games", where, value)
		return
	}
	if scheme != "" && !strings.HasPrefix(value, scheme) {
		s.fail("%s: TABLERO_STORE %q should start with %s", where, value, scheme)
		return
	}
	rest, ok := strings.CutPrefix(value, "redis+cluster://")
	nodes := strings.Split(rest, ",")
	if !ok {
		nodes = []string{value}
	}
	password := ""
	compared := map[string]bool{}
	for i, node := range nodes {
		if !strings.Contains(node, "://") {
			node = "redis://" + node
		}
		u, err := url.Parse(node)
		if err != nil || u.Hostname() == "" {
			s.fail("%s: TABLERO_STORE node %q is no host:port", where, node)
			continue
		}
		if pw, ok := u.User.Password(); ok && i == 0 {
			password = pw
		}
		port, err := strconv.Atoi(u.Port())
		if err != nil {
			port = 6379
		}
		svc := s.checkHost(where, u.Hostname(), int32(port))
		if svc == nil {
			continue
		}
		for _, r := range s.redisBehind(svc) {
			if !compared[r.where] && r.password() != password {
				s.fail("%s: TABLERO_STORE gives %s as the password, but %s requires %s", where, describe(password), r.where, describe(r.password()))
			}
			compared[r.where] = true
		}
	}
	if password == "" {
		s.fail("%s: TABLERO_STORE carries no password (redis://:$(REDIS_PASSWORD)@host:port)", where)
	} else if _, ok := fromSecret(password); !ok {
		s.fail("%s: TABLERO_STORE's password is %s: take it from a Secret through $(NAME)", where, describe(password))
	}
}

// checkHost: host is a Service of the overlay with the port, or a pod of a StatefulSet behind
// its headless Service. Returns the Service, if any.
func (s *objectSet) checkHost(where, host string, port int32) *corev1.Service {
	parts := strings.Split(host, ".")
	svcName, pod := parts[0], ""
	if _, isService := s.services[parts[0]]; !isService && len(parts) > 1 {
		svcName, pod = parts[1], parts[0]
	}
	svc := s.services[svcName]
	if svc == nil {
		s.fail("%s: store host %q: no Service %q in this overlay", where, host, svcName)
		return nil
	}
	hasPort := false
	for _, p := range svc.Spec.Ports {
		hasPort = hasPort || p.Port == port
	}
	if !hasPort {
		s.fail("%s: store host %q: Service %s has no port %d", where, host, svcName, port)
	}
	if pod == "" {
		return svc
	}
	for _, st := range s.statefulSets {
		if st.Spec.ServiceName != svcName {
			continue
		}
		ordinal, ok := strings.CutPrefix(pod, st.Name+"-")
		n, err := strconv.Atoi(ordinal)
		if ok && err == nil && n >= 0 && n < int(replicas(st.Spec.Replicas)) {
			return svc
		}
	}
	s.fail("%s: store host %q: no StatefulSet pod %q behind Service %s", where, host, pod, svcName)
	return svc
}
