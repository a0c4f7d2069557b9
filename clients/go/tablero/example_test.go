package tablero_test

import (
	"context"
	"fmt"
	"log"

	"github.com/tablero/tablero/clients/go/tablero"
	pb "github.com/tablero/tablero/clients/go/tablerov1"
)

// Create a Claim game against a bot and play the first legal move (the README example; compiled,
// not run).
func Example() {
	ctx := context.Background()
	c, err := tablero.Dial("127.0.0.1:50051")
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	game, err := c.CreateGame(ctx, &pb.CreateGameRequest{
		GameType: "claim",
		Seats:    []*pb.SeatSpec{tablero.Human("me"), tablero.Bot("random")},
	})
	if err != nil {
		log.Fatal(err)
	}
	me := c.Seat(game.GetGameId(), game.GetCredentials()[0].GetToken())
	view, err := me.View(ctx)
	if err != nil {
		log.Fatal(err)
	}
	move := view.GetLegalActions()[0]
	res, err := me.SubmitAt(ctx, view.GetVersion(), move.GetId())
	if rule, ok := tablero.RuleID(err); ok {
		log.Fatalf("refused by rule %s", rule)
	} else if err != nil {
		log.Fatal(err)
	}
	fmt.Println(move.GetLabel(), "-> version", res.GetView().GetVersion())
}
