package main

import (
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// ingress is who the overlay's NetworkPolicies let connect to one port of a workload's pods.
type ingress struct {
	// anyone: no policy isolates the pods, or a rule admits the port from every source.
	anyone bool
	// wide: a rule admits every pod of every namespace, or an IP block.
	wide bool
	// peers: the restricted sources admitted.
	peers []networkingv1.NetworkPolicyPeer
}

// ingress evaluates the overlay's NetworkPolicies as Kubernetes does: a pod selected by no
// Ingress policy takes everything; otherwise the union of the rules of the policies that
// select it.
func (s *objectSet) ingress(w workload, port corev1.ContainerPort) ingress {
	var in ingress
	isolated := false
	for _, p := range s.policies {
		if !isIngressPolicy(p) || !selects(&p.Spec.PodSelector, w.template.Labels) {
			continue
		}
		isolated = true
		for _, rule := range p.Spec.Ingress {
			if !rulePortMatches(rule.Ports, port) {
				continue
			}
			if len(rule.From) == 0 {
				in.anyone = true
			}
			for _, peer := range rule.From {
				if isWidePeer(peer) {
					in.wide = true
				} else {
					in.peers = append(in.peers, peer)
				}
			}
		}
	}
	in.anyone = in.anyone || !isolated
	return in
}

func isIngressPolicy(p *networkingv1.NetworkPolicy) bool {
	if len(p.Spec.PolicyTypes) == 0 {
		return true // The API default for a policy without egress rules.
	}
	for _, t := range p.Spec.PolicyTypes {
		if t == networkingv1.PolicyTypeIngress {
			return true
		}
	}
	return false
}

// selects: an empty selector picks every pod.
func selects(selector *metav1.LabelSelector, podLabels map[string]string) bool {
	sel, err := metav1.LabelSelectorAsSelector(selector)
	return err == nil && sel.Matches(labels.Set(podLabels))
}

func rulePortMatches(ports []networkingv1.NetworkPolicyPort, port corev1.ContainerPort) bool {
	if len(ports) == 0 {
		return true
	}
	protocol := port.Protocol
	if protocol == "" {
		protocol = corev1.ProtocolTCP
	}
	for _, p := range ports {
		want := corev1.ProtocolTCP
		if p.Protocol != nil {
			want = *p.Protocol
		}
		if want != protocol {
			continue
		}
		switch {
		case p.Port == nil:
			return true
		case p.Port.IntValue() == 0:
			if p.Port.String() == port.Name {
				return true
			}
		case p.EndPort != nil:
			if port.ContainerPort >= int32(p.Port.IntValue()) && port.ContainerPort <= *p.EndPort {
				return true
			}
		case int32(p.Port.IntValue()) == port.ContainerPort:
			return true
		}
	}
	return false
}

// isWidePeer: an IP block (any address outside the cluster may fall in it), or every pod of
// every namespace.
func isWidePeer(peer networkingv1.NetworkPolicyPeer) bool {
	if peer.IPBlock != nil {
		return true
	}
	empty := func(sel *metav1.LabelSelector) bool {
		return sel == nil || (len(sel.MatchLabels) == 0 && len(sel.MatchExpressions) == 0)
	}
	return peer.NamespaceSelector != nil && empty(peer.NamespaceSelector) && empty(peer.PodSelector)
}

// admits: a peer of the same namespace picks the client's pods.
func (s *objectSet) admits(in ingress, client workload) bool {
	if in.anyone || in.wide {
		return true
	}
	for _, peer := range in.peers {
		if peer.NamespaceSelector == nil && peer.PodSelector != nil && selects(peer.PodSelector, client.template.Labels) {
			return true
		}
	}
	return false
}

// checkPolicy: a NetworkPolicy picks pods of this overlay (a typo in its selector would leave
// the pods it means open, silently).
func (s *objectSet) checkPolicy(p *networkingv1.NetworkPolicy) {
	for _, w := range s.workloads {
		if selects(&p.Spec.PodSelector, w.template.Labels) {
			return
		}
	}
	s.fail("NetworkPolicy/%s: podSelector matches no pods", p.Name)
}
