package main

import (
	"fmt"
	"net"
	"os"
	"slices"

	bootstrapv3 "github.com/envoyproxy/go-control-plane/envoy/config/bootstrap/v3"
	clusterv3 "github.com/envoyproxy/go-control-plane/envoy/config/cluster/v3"
	listenerv3 "github.com/envoyproxy/go-control-plane/envoy/config/listener/v3"
	routev3 "github.com/envoyproxy/go-control-plane/envoy/config/route/v3"
	// The typed configs envoy.yaml names by "@type" must be registered to decode.
	_ "github.com/envoyproxy/go-control-plane/envoy/extensions/filters/http/router/v3"
	hcmv3 "github.com/envoyproxy/go-control-plane/envoy/extensions/filters/network/http_connection_manager/v3"
	_ "github.com/envoyproxy/go-control-plane/envoy/extensions/upstreams/http/v3"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/anypb"
	"sigs.k8s.io/yaml"
)

// loadEnvoy decodes envoy.yaml into Envoy's bootstrap API type, as Envoy does at start
// (unknown fields and misspelt types fail).
func loadEnvoy(path string) (*bootstrapv3.Bootstrap, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	js, err := yaml.YAMLToJSON(data)
	if err != nil {
		return nil, fmt.Errorf("envoy.yaml: %w", err)
	}
	var bootstrap bootstrapv3.Bootstrap
	if err := protojson.Unmarshal(js, &bootstrap); err != nil {
		return nil, fmt.Errorf("envoy.yaml: %w", err)
	}
	return &bootstrap, nil
}

// validateEnvoy loads envoy.yaml, runs the API's own field validation, and keeps the admin
// interface (which can change Envoy's state and drain it) on the loopback.
func validateEnvoy(path string) []error {
	bootstrap, err := loadEnvoy(path)
	if err != nil {
		return []error{err}
	}
	if err := bootstrap.ValidateAll(); err != nil {
		return []error{fmt.Errorf("envoy.yaml: %w", err)}
	}
	var problems []error
	if admin := bootstrap.GetAdmin().GetAddress(); admin != nil {
		addr := admin.GetSocketAddress().GetAddress()
		if ip := net.ParseIP(addr); ip == nil || !ip.IsLoopback() {
			problems = append(problems, fmt.Errorf("envoy.yaml: the admin interface listens on %q: it can change Envoy's state; bind it to 127.0.0.1", addr))
		}
	}
	// Typed configs inside Any fields are validated only once unpacked.
	for _, l := range bootstrap.GetStaticResources().GetListeners() {
		for _, fc := range l.GetFilterChains() {
			for _, f := range fc.GetFilters() {
				problems = append(problems, validateAny("listener "+l.GetName()+" filter "+f.GetName(), f.GetTypedConfig())...)
			}
		}
	}
	for _, c := range bootstrap.GetStaticResources().GetClusters() {
		for name, opts := range c.GetTypedExtensionProtocolOptions() {
			problems = append(problems, validateAny("cluster "+c.GetName()+" "+name, opts)...)
		}
	}
	problems = append(problems, checkGameAffinity(bootstrap)...)
	return problems
}

// GameIDHeader is the metadata Tablero's clients send with every call about one game.
const GameIDHeader = "tablero-game-id"

// checkGameAffinity requires that every route to a cluster of Tablero replicas (one whose
// endpoints listen on 50051) hashes on the game id header, and that the cluster balances by
// consistent hashing: a game's calls then reach the replica that keeps it decoded.
func checkGameAffinity(bootstrap *bootstrapv3.Bootstrap) []error {
	replicas := map[string]bool{}
	var problems []error
	for _, c := range bootstrap.GetStaticResources().GetClusters() {
		for _, e := range c.GetLoadAssignment().GetEndpoints() {
			for _, lb := range e.GetLbEndpoints() {
				if lb.GetEndpoint().GetAddress().GetSocketAddress().GetPortValue() == 50051 {
					replicas[c.GetName()] = true
				}
			}
		}
		if replicas[c.GetName()] && c.GetLbPolicy() != clusterv3.Cluster_RING_HASH && c.GetLbPolicy() != clusterv3.Cluster_MAGLEV {
			problems = append(problems, fmt.Errorf("envoy.yaml: cluster %s balances %s: a game's calls should reach one replica (RING_HASH or MAGLEV on %s)", c.GetName(), c.GetLbPolicy(), GameIDHeader))
		}
	}
	eachRoute(bootstrap, func(l *listenerv3.Listener, r *routev3.Route) {
		if !replicas[r.GetRoute().GetCluster()] {
			return
		}
		for _, h := range r.GetRoute().GetHashPolicy() {
			if h.GetHeader().GetHeaderName() == GameIDHeader {
				return
			}
		}
		problems = append(problems, fmt.Errorf("envoy.yaml: listener %s: a route to %s does not hash on the %s header", l.GetName(), r.GetRoute().GetCluster(), GameIDHeader))
	})
	return problems
}

// validatable is what protoc-gen-validate generates on every Envoy API message.
type validatable interface {
	ValidateAll() error
}

// validateAny unpacks a typed config and validates it, recursing into the HTTP filters of an
// HTTP connection manager.
func validateAny(where string, a *anypb.Any) []error {
	if a == nil {
		return []error{fmt.Errorf("envoy.yaml: %s: no typed_config", where)}
	}
	msg, err := a.UnmarshalNew()
	if err != nil {
		return []error{fmt.Errorf("envoy.yaml: %s: %w", where, err)}
	}
	var problems []error
	if v, ok := msg.(validatable); ok {
		if err := v.ValidateAll(); err != nil {
			problems = append(problems, fmt.Errorf("envoy.yaml: %s: %w", where, err))
		}
	}
	if hcm, ok := msg.(*hcmv3.HttpConnectionManager); ok {
		for _, f := range hcm.GetHttpFilters() {
			problems = append(problems, validateAny(where+" http filter "+f.GetName(), f.GetTypedConfig())...)
		}
	}
	return problems
}

// envoyPublicPorts lists the ports of the listeners that route to a cluster sending to one of
// hosts: the entry points for clients.
func envoyPublicPorts(path string, hosts []string) (map[uint32]bool, error) {
	bootstrap, err := loadEnvoy(path)
	if err != nil {
		return nil, err
	}
	toHost := map[string]bool{}
	for _, c := range bootstrap.GetStaticResources().GetClusters() {
		for _, e := range c.GetLoadAssignment().GetEndpoints() {
			for _, lb := range e.GetLbEndpoints() {
				if slices.Contains(hosts, lb.GetEndpoint().GetAddress().GetSocketAddress().GetAddress()) {
					toHost[c.GetName()] = true
				}
			}
		}
	}
	ports := map[uint32]bool{}
	eachRoute(bootstrap, func(l *listenerv3.Listener, r *routev3.Route) {
		if toHost[r.GetRoute().GetCluster()] {
			ports[l.GetAddress().GetSocketAddress().GetPortValue()] = true
		}
	})
	return ports, nil
}

// eachRoute calls visit with every route of every HTTP connection manager of every listener.
func eachRoute(bootstrap *bootstrapv3.Bootstrap, visit func(*listenerv3.Listener, *routev3.Route)) {
	for _, l := range bootstrap.GetStaticResources().GetListeners() {
		for _, fc := range l.GetFilterChains() {
			for _, f := range fc.GetFilters() {
				msg, err := f.GetTypedConfig().UnmarshalNew()
				hcm, ok := msg.(*hcmv3.HttpConnectionManager)
				if err != nil || !ok {
					continue
				}
				for _, vh := range hcm.GetRouteConfig().GetVirtualHosts() {
					for _, r := range vh.GetRoutes() {
						visit(l, r)
					}
				}
			}
		}
	}
}
